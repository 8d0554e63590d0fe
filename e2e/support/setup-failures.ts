import { beforeEach } from 'vitest';
import { followCurrentTest } from './failure-report.js';

beforeEach(({ task }) => followCurrentTest(task));
