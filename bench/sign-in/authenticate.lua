-- One token sign-in per request, with the demo host administrator's right password.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"tenancyName":"","userNameOrEmailAddress":"admin","password":"123qwe"}'

function done(summary, latency, requests)
  io.write(string.format("non-200 answers: %d\n", summary.errors.status))
end
