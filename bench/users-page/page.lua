-- One users page per request: POST of BENCH_BODY, with a bearer token when BENCH_TOKEN is set.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local token = os.getenv("BENCH_TOKEN")
if token ~= nil and token ~= "" then
  wrk.headers["Authorization"] = "Bearer " .. token
end
wrk.body = os.getenv("BENCH_BODY")
