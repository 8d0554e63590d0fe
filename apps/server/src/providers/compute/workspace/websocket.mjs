import { createHash } from 'node:crypto';

// RFC 6455 by hand, so that the workspace needs no dependency: enough to echo frames for the application proxy's
// WebSocket test. Frames are echoed one by one with their FIN bit and opcode, so fragmented messages stay intact;
// a frame above 64 KiB (a 64-bit length) is refused with 1009, which an echo can afford.
const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OPCODE = { close: 0x8, ping: 0x9, pong: 0xa };

function encode(first, payload) {
  const length = payload.length;
  const header = length < 126 ? Buffer.from([first, length]) : Buffer.from([first, 126, length >> 8, length & 0xff]);
  return Buffer.concat([header, payload]);
}

/** The first whole frame of `buffer`, `null` while it is incomplete, or `{ error }` for a frame to refuse. */
function readFrame(buffer) {
  if (buffer.length < 2) {
    return null;
  }
  const masked = (buffer[1] & 0x80) !== 0;
  let length = buffer[1] & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (buffer.length < 4) {
      return null;
    }
    length = buffer.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    return { error: 1009 };
  }
  if (!masked) {
    return { error: 1002 };
  }
  if (buffer.length < offset + 4 + length) {
    return null;
  }
  const mask = buffer.subarray(offset, offset + 4);
  const payload = Buffer.from(buffer.subarray(offset + 4, offset + 4 + length));
  for (let i = 0; i < payload.length; i += 1) {
    payload[i] ^= mask[i % 4];
  }
  return { first: buffer[0], opcode: buffer[0] & 0x0f, payload, size: offset + 4 + length };
}

function closeWith(socket, code) {
  socket.end(encode(0x80 | OPCODE.close, Buffer.from([code >> 8, code & 0xff])));
}

/** Answers an upgrade to `/ws` and echoes every data frame back; refuses anything else with 400. */
export function acceptEcho(request, socket) {
  const key = request.headers['sec-websocket-key'];
  if (request.headers.upgrade?.toLowerCase() !== 'websocket' || typeof key !== 'string') {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    return;
  }
  const accept = createHash('sha1')
    .update(key + GUID)
    .digest('base64');
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  let buffer = Buffer.alloc(0);
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (let frame = readFrame(buffer); frame; frame = readFrame(buffer)) {
      if (frame.error) {
        closeWith(socket, frame.error);
        return;
      }
      buffer = buffer.subarray(frame.size);
      if (frame.opcode === OPCODE.close) {
        closeWith(socket, 1000);
        return;
      }
      if (frame.opcode === OPCODE.ping) {
        socket.write(encode(0x80 | OPCODE.pong, frame.payload));
      } else if (frame.opcode !== OPCODE.pong) {
        socket.write(encode(frame.first, frame.payload));
      }
    }
  });
}
