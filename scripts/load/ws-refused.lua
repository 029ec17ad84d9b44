-- wrk script: WebSocket upgrade attempts on /ws that the token gate must refuse with 401
-- (cdev spec section 5.1). Tokens rotate through WRK_TOKENS (space-separated); every answer
-- that is not 401 is counted and reported, per thread and in total.
local tokens = {}
for token in string.gmatch(os.getenv("WRK_TOKENS") or "cdev_s_garbage", "%S+") do tokens[#tokens + 1] = token end
local counter = 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  unexpected = 0
end

function request()
  counter = counter + 1
  local headers = {
    ["Connection"] = "Upgrade",
    ["Upgrade"] = "websocket",
    ["Sec-WebSocket-Version"] = "13",
    ["Sec-WebSocket-Key"] = "d2lyZWNoZWNrLXByb2JlIQ==",
    ["Authorization"] = "Bearer " .. tokens[(counter % #tokens) + 1],
  }
  return wrk.format("GET", "/ws", headers)
end

function response(status, headers, body)
  if status ~= 401 then unexpected = unexpected + 1 end
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("unexpected") end
  io.write(string.format("unexpected statuses (not 401): %d\n", total))
end
