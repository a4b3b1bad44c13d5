-- One authenticated GraphQL query per request: roles plus a page of users with nested roles.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
wrk.body = '{"query":"{ roles { id name } users(maxResultCount: 10) { totalCount items { name surname roles { name } } } }"}'
