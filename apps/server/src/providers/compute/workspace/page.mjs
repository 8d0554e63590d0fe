// The workspace page in both languages of the console. It is served by the workspace process, not the API, so its
// strings live here rather than in the contract's catalogue; both tables keep the same keys.
const TEXTS = {
  'zh-CN': {
    title: '工作空间',
    image: '镜像',
    gpus: 'GPU',
    simulated: '模拟',
    host: '主机',
    dataDisk: '数据盘',
    uptime: '运行时长',
    links: '访问入口',
    files: '数据盘文件',
    name: '名称',
    size: '大小',
    empty: '此文件夹为空',
    outside: '路径超出数据盘，已拒绝',
    notFound: '未找到该文件或文件夹',
    units: ['天', '小时', '分', '秒'],
  },
  'en-US': {
    title: 'Workspace',
    image: 'Image',
    gpus: 'GPUs',
    simulated: 'simulated',
    host: 'Host',
    dataDisk: 'Data disk',
    uptime: 'Uptime',
    links: 'Links',
    files: 'Files on the data disk',
    name: 'Name',
    size: 'Size',
    empty: 'This folder is empty',
    outside: 'The path leaves the data disk and is refused',
    notFound: 'No such file or folder',
    units: ['d', 'h', 'min', 's'],
  },
};

/** zh-CN unless the caller prefers English over Chinese (quality values respected, as the console does). */
export function languageOf(header = '') {
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().toLowerCase().split(';');
      const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
      return { tag, order, quality: quality ? Number(quality.slice(2)) : 1 };
    })
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  const preferred = ranked.find(({ tag }) => tag.startsWith('en') || tag.startsWith('zh'));
  return preferred?.tag.startsWith('en') ? 'en-US' : 'zh-CN';
}

export const textsOf = (language) => TEXTS[language];

const escape = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

function formatSize(bytes) {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

function formatUptime(seconds, units) {
  const parts = [Math.floor(seconds / 86_400), Math.floor(seconds / 3_600) % 24, Math.floor(seconds / 60) % 60];
  const shown = parts.map((value, i) => (value > 0 ? `${value} ${units[i]}` : '')).filter((part) => part !== '');
  return [...shown, `${Math.floor(seconds) % 60} ${units[3]}`].join(' ');
}

const query = (target, segments) => `${target}?path=${encodeURIComponent(segments.join('/'))}`;

function breadcrumb(segments, t) {
  const crumbs = [`<a href="${query('/', [])}">${escape(t.dataDisk)}</a>`];
  segments.forEach((segment, i) => {
    crumbs.push(`<a href="${query('/', segments.slice(0, i + 1))}">${escape(segment)}</a>`);
  });
  return crumbs.join(' / ');
}

function fileRows(segments, entries, t) {
  if (entries.length === 0) {
    return `<tr><td colspan="2" class="muted">${escape(t.empty)}</td></tr>`;
  }
  return entries
    .map(({ name, folder, size }) => {
      const href = query(folder ? '/' : '/files', [...segments, name]);
      const label = escape(folder ? `${name}/` : name);
      return `<tr><td><a href="${href}">${label}</a></td><td>${folder ? '—' : formatSize(size)}</td></tr>`;
    })
    .join('');
}

const STYLE = `body{font:14px/1.6 system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1f2937}
main{max-width:960px;margin:24px auto;padding:0 16px}section{background:#fff;border-radius:8px;padding:16px 20px;
margin-bottom:16px;box-shadow:0 1px 2px rgba(0,0,0,.06)}h1{font-size:20px}h2{font-size:16px;margin-top:0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0}dt{color:#6b7280}dd{margin:0}
code{background:#f3f4f6;padding:1px 4px;border-radius:4px}.tag{background:#fef3c7;color:#92400e;padding:1px 6px;
border-radius:4px;margin-left:6px}table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:6px 4px;
border-bottom:1px solid #eef0f3}a{color:#2563eb;text-decoration:none}.muted{color:#9ca3af}`;

/** The whole page: the application's facts, then the folder `segments` of its data disk. */
export function renderPage({ language, facts, dataDiskGb, uptimeSeconds, segments, entries }) {
  const t = TEXTS[language];
  const simulated = facts.simulated ? `<span class="tag">${escape(t.simulated)}</span>` : '';
  const links = facts.links.map((link) => `${escape(link.name)} :${escape(link.port)}`).join(', ') || '—';
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(t.title)} · ${escape(facts.imageName)}</title><style>${STYLE}</style></head>
<body><main><h1>${escape(t.title)} · ${escape(facts.imageName)}</h1>
<section><dl>
<dt>${escape(t.image)}</dt><dd>${escape(facts.imageName)}</dd>
<dt>${escape(t.gpus)}</dt><dd>${escape(facts.gpuModel)} × ${escape(facts.gpuCount)}
<code>CUDA_VISIBLE_DEVICES=${escape(facts.cudaVisibleDevices)}</code>${simulated}</dd>
<dt>${escape(t.host)}</dt><dd>${escape(facts.hostName)}</dd>
<dt>${escape(t.dataDisk)}</dt><dd>${escape(dataDiskGb)} GB</dd>
<dt>${escape(t.uptime)}</dt><dd>${escape(formatUptime(uptimeSeconds, t.units))}</dd>
<dt>${escape(t.links)}</dt><dd>${links}</dd>
</dl></section>
<section><h2>${escape(t.files)}</h2><p>${breadcrumb(segments, t)}</p>
<table><thead><tr><th>${escape(t.name)}</th><th>${escape(t.size)}</th></tr></thead>
<tbody>${fileRows(segments, entries, t)}</tbody></table></section>
</main></body></html>`;
}
