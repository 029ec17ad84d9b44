-- wrk script: sendMessage to one conversation (WRK_CONVO) as dev-alice, a 150-byte ciphertext each time. Every answer
-- that is not 200 is counted and reported.
local threads = {}
local body = '{"convoId":"' .. (os.getenv("WRK_CONVO") or "") .. '","ciphertext":"' .. string.rep("pVVV", 50) .. '"}'

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  unexpected = 0
end

function request()
  return wrk.format("POST", "/xrpc/blue.catbird.mls.sendMessage",
    { ["Authorization"] = "Bearer dev-alice", ["Content-Type"] = "application/json" }, body)
end

function response(status, headers, body)
  if status ~= 200 then unexpected = unexpected + 1 end
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("unexpected") end
  io.write(string.format("unexpected statuses (not 200): %d\n", total))
end
