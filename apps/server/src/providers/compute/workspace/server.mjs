// One application's workspace (the `local` compute driver): a plain ES module that Node runs without compiling, so
// it works the same whether the server runs from source through tsx or compiled. Everything it knows arrives in its
// environment; it listens on a free port of 127.0.0.1 and tells the driver which over IPC.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { listFolder, OutsideDiskError, resolveOnDisk } from './files.mjs';
import { languageOf, renderPage, textsOf } from './page.mjs';
import { acceptEcho } from './websocket.mjs';

const env = process.env;
const facts = {
  applicationId: env.SUANLI_APPLICATION_ID ?? '',
  imageName: env.SUANLI_IMAGE_NAME ?? '',
  gpuModel: env.SUANLI_GPU_MODEL ?? '',
  gpuCount: Number(env.SUANLI_GPU_COUNT ?? 0),
  simulated: env.SUANLI_GPU_SIMULATED === '1',
  cudaVisibleDevices: env.CUDA_VISIBLE_DEVICES ?? '',
  hostName: env.SUANLI_HOST_NAME ?? '',
  links: JSON.parse(env.SUANLI_LINKS ?? '[]'),
};
const dataDir = env.SUANLI_DATA_DIR ?? '';
const startedAt = Date.now();

/** The disk size the driver last recorded (it grows while the workspace runs), else the one it started with. */
async function dataDiskGb() {
  try {
    return JSON.parse(await readFile(env.SUANLI_DISK_FILE ?? '', 'utf8')).dataDiskGb;
  } catch {
    return Number(env.SUANLI_DATA_DISK_GB ?? 0);
  }
}

const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

function answerText(response, status, text) {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
}

async function servePage(response, language, found) {
  if (!found.stats.isDirectory()) {
    answerText(response, 404, textsOf(language).notFound);
    return;
  }
  const html = renderPage({
    language,
    facts,
    dataDiskGb: await dataDiskGb(),
    uptimeSeconds: (Date.now() - startedAt) / 1000,
    segments: found.segments,
    entries: await listFolder(found.root, found.target),
  });
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-language': language,
  });
  response.end(html);
}

function serveFile(response, language, found) {
  if (!found.stats.isFile()) {
    answerText(response, 404, textsOf(language).notFound);
    return;
  }
  const name = found.segments.at(-1) ?? 'file';
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': 'application/octet-stream',
    'content-length': found.stats.size,
    'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
  });
  createReadStream(found.target).pipe(response);
}

async function handle(request, response) {
  const url = new URL(request.url ?? '/', 'http://workspace');
  const language = languageOf(request.headers['accept-language']);
  if (url.pathname === '/healthz') {
    // The application id lets the driver tell its workspace from another process that took the same pid or port.
    response.writeHead(200, { 'content-type': 'text/plain', 'x-suanli-application': facts.applicationId });
    response.end('ok');
    return;
  }
  if (url.pathname === '/echo') {
    // The stand-in for an image's API (the metered gateway's tests and bench): answers the body it is sent, streamed,
    // as an image generation answers megabytes.
    response.writeHead(200, {
      'content-type': request.headers['content-type'] ?? 'application/octet-stream',
      'x-echo-method': request.method ?? '',
      'x-echo-query': url.search,
      'x-echo-headers': Object.keys(request.headers).join(','),
    });
    request.pipe(response);
    return;
  }
  if (url.pathname === '/infer') {
    // The stand-in for a model's answer (the gateway bench): a fixed service time, then a body of a realistic size;
    // `?ms=50&kib=64` by default, bounded so that no request holds the workspace for long.
    const ms = Math.min(Number(url.searchParams.get('ms') ?? 50) || 0, 10_000);
    const kib = Math.min(Number(url.searchParams.get('kib') ?? 64) || 0, 16_384);
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': kib * 1024 });
      response.end(Buffer.alloc(kib * 1024, 'a'));
    }, ms);
    return;
  }
  if (url.pathname !== '/' && url.pathname !== '/files') {
    answerText(response, 404, textsOf(language).notFound);
    return;
  }
  let found;
  try {
    found = await resolveOnDisk(dataDir, url.searchParams.get('path') ?? '');
  } catch (error) {
    if (error instanceof OutsideDiskError) {
      answerText(response, 400, textsOf(language).outside);
      return;
    }
    throw error;
  }
  if (!found) {
    answerText(response, 404, textsOf(language).notFound);
  } else if (url.pathname === '/') {
    await servePage(response, language, found);
  } else {
    serveFile(response, language, found);
  }
}

const server = http.createServer((request, response) => {
  handle(request, response).catch((error) => {
    console.error(error);
    if (!response.headersSent) {
      response.writeHead(500);
    }
    response.end();
  });
});
server.on('upgrade', (request, socket) => {
  if (new URL(request.url ?? '/', 'http://workspace').pathname === '/ws') {
    acceptEcho(request, socket);
  } else {
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
  }
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  if (process.send) {
    process.send({ type: 'ready', port });
  } else {
    console.log(`listening on 127.0.0.1:${port}`);
  }
});

process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});
