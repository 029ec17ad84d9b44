#!/usr/bin/env python3
"""WebSocket load on the mock Arkavo KAS: CONNECTIONS clients, each on its own connection, for SECONDS, each doing a key
exchange (0x01) and then rewrap after rewrap (0x03 with a NanoTDF header whose sha256-tail binding verifies, so every
answer should be a 94-byte 0x04). Standard library only: the WebSocket framing is written out here, and the header is
built without any crypto (its ephemeral key is the P-256 generator, which the KAS multiplies by its own key). Prints
rewraps per second, latency percentiles and the count of unexpected answers; exit 1 when there is any.
Usage: kas_ws.py PORT SECONDS CONNECTIONS
"""
import base64, hashlib, os, socket, struct, sys, threading, time

GENERATOR = bytes.fromhex("036b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296")


def header():
    kas = b"kas.example.com"
    # The embedded policy arkavo-rs (and so the mock) reads: an Arkavo Metadata FlatBuffer, here the empty one
    # (Vectors/arkavo/flatbuffers.json, decode-metadata-empty).
    policy = bytes.fromhex("080000000400040004000000")
    binding = hashlib.sha256(policy).digest()[-8:]  # "GMAC" mode as deployed: the last 8 bytes of SHA-256
    return (b"L1L" + bytes([0x01, len(kas)]) + kas + bytes([0x00, 0x01, 0x01]) + struct.pack(">H", len(policy)) + policy
            + binding + GENERATOR)


def frame(payload):
    mask = os.urandom(4)
    head = bytes([0x82])
    n = len(payload)
    head += bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def read_exact(sock, n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return data


def read_message(sock):
    first, second = read_exact(sock, 2)
    n = second & 0x7F
    if n == 126:
        n = struct.unpack(">H", read_exact(sock, 2))[0]
    elif n == 127:
        n = struct.unpack(">Q", read_exact(sock, 8))[0]
    return first & 0x0F, read_exact(sock, n)


def client(port, deadline, results):
    latencies, unexpected = [], 0
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            reply += sock.recv(4096)
        if b" 101 " not in reply.split(b"\r\n")[0]:
            raise ConnectionError("no 101")
        sock.sendall(frame(b"\x01" + GENERATOR))
        _, answer = read_message(sock)
        if answer[0] != 0x01 or len(answer) != 66:
            unexpected += 1
        rewrap = frame(b"\x03" + header())
        while time.monotonic() < deadline:
            started = time.monotonic()
            sock.sendall(rewrap)
            _, answer = read_message(sock)
            latencies.append(time.monotonic() - started)
            if answer[0] != 0x04 or len(answer) != 94:
                unexpected += 1
        sock.close()
    except Exception as error:  # a dropped connection is an error of the run, counted
        unexpected += 1
        print(f"client error: {error}", file=sys.stderr)
    results.append((latencies, unexpected))


def main():
    port, seconds, connections = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
    deadline = time.monotonic() + seconds
    results = []
    threads = [threading.Thread(target=client, args=(port, deadline, results)) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    latencies = sorted(l for ls, _ in results for l in ls)
    unexpected = sum(u for _, u in results)
    def percentile(p):
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000 if latencies else float("nan")
    print(f"rewraps: {len(latencies)} in {seconds:.0f} s ({len(latencies) / seconds:.0f}/s) over {connections} connections")
    print(f"latency ms: p50 {percentile(0.50):.2f}  p90 {percentile(0.90):.2f}  p99 {percentile(0.99):.2f}")
    print(f"unexpected answers or errors: {unexpected}")
    sys.exit(1 if unexpected else 0)


if __name__ == "__main__":
    main()
