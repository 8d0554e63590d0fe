/**
 * Where a copy goes on an application's data disk (spec §5 "Model or data download to an application requires an
 * application and a path"): a folder written from the disk's root, `/models/sd` or `models/sd`. The rules are those of
 * the workspace's own file browser (providers/compute/workspace/files.mjs): no `..`, no backslash, no control
 * character. Shared by the server's checks and the console's form, so both say the same.
 */
export const WORKSPACE_PATH_MAX_LENGTH = 255;

export type WorkspacePathProblem = 'required' | 'invalid';

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses.
const CONTROL = /[\u0000-\u001f\u007f]/;

export function workspacePathProblem(path: string): WorkspacePathProblem | null {
  const trimmed = path.trim();
  if (trimmed === '') {
    return 'required';
  }
  if (
    trimmed.length > WORKSPACE_PATH_MAX_LENGTH ||
    trimmed.includes('\\') ||
    CONTROL.test(trimmed) ||
    trimmed.split('/').includes('..')
  ) {
    return 'invalid';
  }
  return null;
}

/** The folder as the data disk's relative path (`models/sd`); `''` is the disk's root. Call on a valid path only. */
export const workspaceFolder = (path: string) =>
  path
    .trim()
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
