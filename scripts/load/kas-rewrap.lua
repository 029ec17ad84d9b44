-- wrk script: the OpenTDF rewrap (POST /kas.AccessService/Rewrap, Connect JSON) of one NanoTDF header, with the body
-- (WRK_BODY, a file) and the bearer token (WRK_TOKEN) scripts/load/kas.sh prepared. An answer that is not a 200 with a
-- "permit" result is counted and reported.
local threads = {}
local file = assert(io.open(os.getenv("WRK_BODY"), "rb"))
local body = file:read("*a")
file:close()
local token = os.getenv("WRK_TOKEN") or ""

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  unexpected = 0
end

function request()
  return wrk.format("POST", "/kas.AccessService/Rewrap",
    { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" }, body)
end

function response(status, headers, answer)
  if status ~= 200 or not string.find(answer, '"status":"permit"', 1, true) then unexpected = unexpected + 1 end
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("unexpected") end
  io.write(string.format("unexpected answers (not a 200 permit): %d\n", total))
end
