import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/build-test-app.js';
import { defaultAppName } from '../../src/modules/applications/default-app-name.js';
import { createApplication, createRenter, listApplications, startComputeApp } from './application-helpers.js';

describe('the default name of an application', () => {
  it('is the image and the GPU model when both fit', () => {
    expect(defaultAppName('Stable Diffusion WebUI', 'RTX 4090')).toBe('Stable Diffusion WebUI RTX 4090');
  });

  it('drops the GPU model whole rather than cutting it', () => {
    // 33 characters with the model: slicing to 32 used to leave "… JupyterLab RTX 409".
    expect(defaultAppName('PyTorch 2.3 + JupyterLab', 'RTX 4090')).toBe('PyTorch 2.3 + JupyterLab');
  });

  it('shortens a long image name at a word boundary, without a dangling separator', () => {
    const name = defaultAppName('Hugging Face Transformers + DeepSpeed Trainer', 'A100 80GB');
    expect(name).toBe('Hugging Face Transformers');
    expect(name.length).toBeLessThanOrEqual(32);
  });

  it('counts every Chinese character as a word, so a Chinese name is kept to the limit', () => {
    const image = '通义千问大模型微调训练环境含全量数据集与评测脚本及可视化面板一键部署版本';
    const name = defaultAppName(image, 'RTX 4090');
    expect(name).toBe(image.slice(0, 32));
    expect(defaultAppName('深度学习 PyTorch 训练环境', 'RTX 4090')).toBe('深度学习 PyTorch 训练环境 RTX 4090');
  });

  it('stops before a word that would not fit in a mixed name', () => {
    expect(defaultAppName('推理服务 Qwen2.5-72B-Instruct-GPTQ-Int4', 'H800')).toBe('推理服务');
  });

  it('marks the cut when one word alone is longer than the limit', () => {
    const name = defaultAppName('a'.repeat(40), 'RTX 4090');
    expect(name).toBe(`${'a'.repeat(31)}…`);
  });
});

describe('an application created without a name', () => {
  let t: TestApp;
  let image: string;
  beforeAll(async () => ({ t, image } = await startComputeApp()));
  afterAll(() => t.close());

  it('is named after its image and GPU, in whole words', async () => {
    const renter = await createRenter(t);
    const payload = { imageId: image, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute' };
    expect((await createApplication(t, renter.token, payload)).statusCode).toBe(200);
    await t.services.applications.settled();
    const { rows } = await listApplications(t, renter.token);
    expect(rows.map((row) => row.appName)).toEqual(['PyTorch 2.3 + JupyterLab']);
  });
});
