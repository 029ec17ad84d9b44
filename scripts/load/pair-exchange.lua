-- wrk script: the pairing flow a client runs, under load: GET /api/pair/info (with auth on it carries a fresh pairing
-- token), then POST /api/auth/exchange with that token. Each connection takes the next step for whatever tokens its
-- thread has harvested, so every token is spent once. Every answer that is not 200 is counted and reported.
local threads = {}
local pending = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  unexpected = 0
  exchanges = 0
end

function request()
  local token = table.remove(pending)
  if token then
    exchanges = exchanges + 1
    return wrk.format("POST", "/api/auth/exchange", { ["Content-Type"] = "application/json" },
      '{"pairing_token":"' .. token .. '"}')
  end
  return wrk.format("GET", "/api/pair/info")
end

function response(status, headers, body)
  if status ~= 200 then unexpected = unexpected + 1 end
  local token = string.match(body, '"token":"(cdev_p_[^"]+)"')
  if token then table.insert(pending, token) end
end

function done(summary, latency, requests)
  local total, spent = 0, 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("unexpected")
    spent = spent + thread:get("exchanges")
  end
  io.write(string.format("exchanges: %d\nunexpected statuses (not 200): %d\n", spent, total))
end
