-- Copies onto applications' data disks (docs/decisions/0027) and the model center (issue 21 "Model center", spec §2
-- /model and /modelDetial, §5 "Model or data download to an application").

-- One copy of files onto an application's data disk: a model from the model center, or cloud-space files. The API
-- records it queued; a worker (modules/applications/transfers.runner.ts) claims it with SKIP LOCKED, holds it under a
-- lease it renews while bytes arrive, and marks it done or failed. A copy whose lease ran out (its worker died) is
-- claimed again and run whole; each file lands under its name only once complete.
CREATE TABLE workspace_transfers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  application_id bigint NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('model', 'data')),
  -- What is copied, as the owner named it (a model's name, a file's name).
  label text NOT NULL,
  -- The folder on the data disk, from its root ('models/sd'; '' is the root).
  directory text NOT NULL,
  -- [{ "path": relative to the data disk, "size": bytes, "source": { "kind": "objects" | "models", "key" } }]
  items jsonb NOT NULL,
  bytes_done bigint NOT NULL DEFAULT 0 CHECK (bytes_done >= 0),
  bytes_total bigint NOT NULL CHECK (bytes_total >= 0),
  state text NOT NULL CHECK (state IN ('queued', 'copying', 'done', 'failed')),
  -- Why it failed: a contract message key with its parameters ({ "key", "params" }), shown in the reader's language.
  failure jsonb,
  attempts integer NOT NULL DEFAULT 0,
  lease_until timestamptz,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  CHECK ((state = 'failed') = (failure IS NOT NULL)),
  CHECK ((state = 'copying') = (lease_until IS NOT NULL))
);

CREATE INDEX workspace_transfers_owner ON workspace_transfers (user_id, application_id, id DESC);
CREATE INDEX workspace_transfers_due ON workspace_transfers (id) WHERE state IN ('queued', 'copying');

CREATE TABLE model_types (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name_zh text NOT NULL,
  name_en text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

-- A model of the model center. model_key names its files in the model source (providers/model-source) and the
-- default folder it is downloaded to. size_bytes is the real model's; the local source ships small stand-ins.
-- like_count always equals the model's rows in model_likes: a like and its count change commit together.
CREATE TABLE trained_models (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  model_key text NOT NULL UNIQUE CHECK (model_key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  type_id bigint NOT NULL REFERENCES model_types (id),
  name_en text NOT NULL,
  name_zh text NOT NULL,
  summary_en text NOT NULL,
  summary_zh text NOT NULL,
  introduction_en text NOT NULL DEFAULT '',
  introduction_zh text NOT NULL DEFAULT '',
  version text NOT NULL,
  base_model text,
  licence text NOT NULL,
  source text NOT NULL,
  source_url text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX trained_models_listing ON trained_models (type_id, id);

CREATE TABLE model_likes (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  model_id bigint NOT NULL REFERENCES trained_models (id) ON DELETE CASCADE,
  liked_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, model_id)
);

CREATE INDEX model_likes_latest ON model_likes (user_id, liked_at DESC);

-- The model center's set: base models, checkpoints, LoRAs, VAEs, ControlNets and language models, each with its
-- licence and source. The local model source ships a stand-in folder per model_key (providers/model-source/stand-ins).
INSERT INTO model_types (code, name_zh, name_en, sort) VALUES
  ('base', '基础模型', 'Base model', 0),
  ('checkpoint', '大模型', 'Checkpoint', 10),
  ('lora', 'LoRA', 'LoRA', 20),
  ('vae', 'VAE', 'VAE', 30),
  ('controlnet', 'ControlNet', 'ControlNet', 40),
  ('llm', '大语言模型', 'Language model', 50);

INSERT INTO trained_models
  (model_key, type_id, name_en, name_zh, summary_en, summary_zh, introduction_en, introduction_zh, version, base_model,
   licence, source, source_url, size_bytes) VALUES
  ('stable-diffusion-v1-5', (SELECT id FROM model_types WHERE code = 'base'), 'Stable Diffusion v1.5', 'Stable Diffusion v1.5', 'The classic 512 px text-to-image model that most community checkpoints and LoRAs build on.', '经典的 512 像素文生图模型，社区大多数大模型与 LoRA 以它为底模。', '## About

The classic 512 px text-to-image model that most community checkpoints and LoRAs build on.

- Version: 1.5
- Base model: —
- Licence: CreativeML Open RAIL-M
- Source: [Hugging Face](https://huggingface.co/stable-diffusion-v1-5/stable-diffusion-v1-5)
- Size: 4.3 GB

Download it into a running application and load it from the folder you choose.', '## 介绍

经典的 512 像素文生图模型，社区大多数大模型与 LoRA 以它为底模。

- 版本：1.5
- 底模：—
- 许可：CreativeML Open RAIL-M
- 来源：[Hugging Face](https://huggingface.co/stable-diffusion-v1-5/stable-diffusion-v1-5)
- 大小：4.3 GB

下载到运行中的应用后，从您选择的目录加载即可。', '1.5', NULL, 'CreativeML Open RAIL-M', 'Hugging Face', 'https://huggingface.co/stable-diffusion-v1-5/stable-diffusion-v1-5', 4265380512),
  ('sdxl-base-1-0', (SELECT id FROM model_types WHERE code = 'base'), 'Stable Diffusion XL Base 1.0', 'Stable Diffusion XL 基础模型 1.0', 'Stability AI’s 1024 px base model, with better composition and legible text.', 'Stability AI 的 1024 像素基础模型，构图更好，能写出清晰文字。', '## About

Stability AI’s 1024 px base model, with better composition and legible text.

- Version: 1.0
- Base model: —
- Licence: CreativeML Open RAIL++-M
- Source: [Hugging Face](https://huggingface.co/stabilityai/stable-diffusion-xl-base-1.0)
- Size: 6.9 GB

Download it into a running application and load it from the folder you choose.', '## 介绍

Stability AI 的 1024 像素基础模型，构图更好，能写出清晰文字。

- 版本：1.0
- 底模：—
- 许可：CreativeML Open RAIL++-M
- 来源：[Hugging Face](https://huggingface.co/stabilityai/stable-diffusion-xl-base-1.0)
- 大小：6.9 GB

下载到运行中的应用后，从您选择的目录加载即可。', '1.0', NULL, 'CreativeML Open RAIL++-M', 'Hugging Face', 'https://huggingface.co/stabilityai/stable-diffusion-xl-base-1.0', 6938078334),
  ('flux-1-schnell', (SELECT id FROM model_types WHERE code = 'base'), 'FLUX.1 [schnell]', 'FLUX.1 [schnell] 极速版', 'A 12B rectified-flow model from Black Forest Labs that draws in 1 to 4 steps.', 'Black Forest Labs 的 120 亿参数整流模型，1 到 4 步即可出图。', '## About

A 12B rectified-flow model from Black Forest Labs that draws in 1 to 4 steps.

- Version: 1.0
- Base model: —
- Licence: Apache-2.0
- Source: [Hugging Face](https://huggingface.co/black-forest-labs/FLUX.1-schnell)
- Size: 23.8 GB

Download it into a running application and load it from the folder you choose.', '## 介绍

Black Forest Labs 的 120 亿参数整流模型，1 到 4 步即可出图。

- 版本：1.0
- 底模：—
- 许可：Apache-2.0
- 来源：[Hugging Face](https://huggingface.co/black-forest-labs/FLUX.1-schnell)
- 大小：23.8 GB

下载到运行中的应用后，从您选择的目录加载即可。', '1.0', NULL, 'Apache-2.0', 'Hugging Face', 'https://huggingface.co/black-forest-labs/FLUX.1-schnell', 23782506688),
  ('realistic-vision-v6', (SELECT id FROM model_types WHERE code = 'checkpoint'), 'Realistic Vision V6.0', '写实视觉 V6.0', 'A photorealistic SD 1.5 checkpoint for portraits and product shots.', '基于 SD 1.5 的写实风格大模型，适合人像与产品图。', '## About

A photorealistic SD 1.5 checkpoint for portraits and product shots.

- Version: 6.0 B1
- Base model: Stable Diffusion v1.5
- Licence: CreativeML Open RAIL-M
- Source: [Civitai](https://civitai.com/models/4201)
- Size: 2.1 GB

Download it into a running application and load it from the folder you choose.', '## 介绍

基于 SD 1.5 的写实风格大模型，适合人像与产品图。

- 版本：6.0 B1
- 底模：Stable Diffusion v1.5
- 许可：CreativeML Open RAIL-M
- 来源：[Civitai](https://civitai.com/models/4201)
- 大小：2.1 GB

下载到运行中的应用后，从您选择的目录加载即可。', '6.0 B1', 'Stable Diffusion v1.5', 'CreativeML Open RAIL-M', 'Civitai', 'https://civitai.com/models/4201', 2132625894),
  ('dreamshaper-8', (SELECT id FROM model_types WHERE code = 'checkpoint'), 'DreamShaper 8', 'DreamShaper 8 通用模型', 'An all-round SD 1.5 checkpoint, from illustration to semi-realistic.', '全能型 SD 1.5 大模型，从插画到半写实都能胜任。', '## About

An all-round SD 1.5 checkpoint, from illustration to semi-realistic.

- Version: 8
- Base model: Stable Diffusion v1.5
- Licence: CreativeML Open RAIL-M
- Source: [Civitai](https://civitai.com/models/4384)
- Size: 2.1 GB

Download it into a running application and load it from the folder you choose.', '## 介绍

全能型 SD 1.5 大模型，从插画到半写实都能胜任。

- 版本：8
- 底模：Stable Diffusion v1.5
- 许可：CreativeML Open RAIL-M
- 来源：[Civitai](https://civitai.com/models/4384)
- 大小：2.1 GB

下载到运行中的应用后，从您选择的目录加载即可。', '8', 'Stable Diffusion v1.5', 'CreativeML Open RAIL-M', 'Civitai', 'https://civitai.com/models/4384', 2132625894),
  ('lora-chinese-ink', (SELECT id FROM model_types WHERE code = 'lora'), 'Chinese Ink Painting (SDXL LoRA)', '水墨国风 SDXL LoRA', 'Brush strokes, ink washes and blank space in the manner of Chinese ink painting.', '水墨笔触、晕染与留白，呈现中国水墨画风格。', '## About

Brush strokes, ink washes and blank space in the manner of Chinese ink painting.

- Version: 1.2
- Base model: Stable Diffusion XL Base 1.0
- Licence: CreativeML Open RAIL++-M
- Source: [Suanli community](https://suanli.local/community/lora-chinese-ink)
- Size: 228 MB

Download it into a running application and load it from the folder you choose.', '## 介绍

水墨笔触、晕染与留白，呈现中国水墨画风格。

- 版本：1.2
- 底模：Stable Diffusion XL Base 1.0
- 许可：CreativeML Open RAIL++-M
- 来源：[Suanli community](https://suanli.local/community/lora-chinese-ink)
- 大小：228 MB

下载到运行中的应用后，从您选择的目录加载即可。', '1.2', 'Stable Diffusion XL Base 1.0', 'CreativeML Open RAIL++-M', 'Suanli community', 'https://suanli.local/community/lora-chinese-ink', 228456200),
  ('lora-add-detail', (SELECT id FROM model_types WHERE code = 'lora'), 'Detail Tweaker LoRA', '细节增强 LoRA', 'Adds or removes fine detail with one weight, from -2 to 2.', '用一个权重（-2 到 2）增加或减少画面细节。', '## About

Adds or removes fine detail with one weight, from -2 to 2.

- Version: 1.0
- Base model: Stable Diffusion v1.5
- Licence: CreativeML Open RAIL-M
- Source: [Civitai](https://civitai.com/models/58390)
- Size: 38 MB

Download it into a running application and load it from the folder you choose.', '## 介绍

用一个权重（-2 到 2）增加或减少画面细节。

- 版本：1.0
- 底模：Stable Diffusion v1.5
- 许可：CreativeML Open RAIL-M
- 来源：[Civitai](https://civitai.com/models/58390)
- 大小：38 MB

下载到运行中的应用后，从您选择的目录加载即可。', '1.0', 'Stable Diffusion v1.5', 'CreativeML Open RAIL-M', 'Civitai', 'https://civitai.com/models/58390', 37861176),
  ('sdxl-vae-fp16-fix', (SELECT id FROM model_types WHERE code = 'vae'), 'SDXL VAE FP16 Fix', 'SDXL VAE FP16 修复版', 'The SDXL VAE rescaled to run in half precision without NaNs.', '经过缩放的 SDXL VAE，半精度运行不再出现 NaN。', '## About

The SDXL VAE rescaled to run in half precision without NaNs.

- Version: 1.0
- Base model: Stable Diffusion XL Base 1.0
- Licence: MIT
- Source: [Hugging Face](https://huggingface.co/madebyollin/sdxl-vae-fp16-fix)
- Size: 335 MB

Download it into a running application and load it from the folder you choose.', '## 介绍

经过缩放的 SDXL VAE，半精度运行不再出现 NaN。

- 版本：1.0
- 底模：Stable Diffusion XL Base 1.0
- 许可：MIT
- 来源：[Hugging Face](https://huggingface.co/madebyollin/sdxl-vae-fp16-fix)
- 大小：335 MB

下载到运行中的应用后，从您选择的目录加载即可。', '1.0', 'Stable Diffusion XL Base 1.0', 'MIT', 'Hugging Face', 'https://huggingface.co/madebyollin/sdxl-vae-fp16-fix', 334641164),
  ('sd-vae-ft-mse', (SELECT id FROM model_types WHERE code = 'vae'), 'SD VAE ft-MSE 840000', 'SD VAE ft-MSE 840000', 'The fine-tuned SD 1.5 VAE: sharper faces and fewer colour shifts.', '微调后的 SD 1.5 VAE：面部更清晰，偏色更少。', '## About

The fine-tuned SD 1.5 VAE: sharper faces and fewer colour shifts.

- Version: 840000
- Base model: Stable Diffusion v1.5
- Licence: MIT
- Source: [Hugging Face](https://huggingface.co/stabilityai/sd-vae-ft-mse-original)
- Size: 335 MB

Download it into a running application and load it from the folder you choose.', '## 介绍

微调后的 SD 1.5 VAE：面部更清晰，偏色更少。

- 版本：840000
- 底模：Stable Diffusion v1.5
- 许可：MIT
- 来源：[Hugging Face](https://huggingface.co/stabilityai/sd-vae-ft-mse-original)
- 大小：335 MB

下载到运行中的应用后，从您选择的目录加载即可。', '840000', 'Stable Diffusion v1.5', 'MIT', 'Hugging Face', 'https://huggingface.co/stabilityai/sd-vae-ft-mse-original', 334643268),
  ('controlnet-canny-sd15', (SELECT id FROM model_types WHERE code = 'controlnet'), 'ControlNet 1.1 Canny', 'ControlNet 1.1 边缘检测', 'Keeps the edges of a reference image (Canny) while you change everything else.', '保留参考图的 Canny 边缘，其余内容随提示词改变。', '## About

Keeps the edges of a reference image (Canny) while you change everything else.

- Version: 1.1
- Base model: Stable Diffusion v1.5
- Licence: OpenRAIL
- Source: [Hugging Face](https://huggingface.co/lllyasviel/control_v11p_sd15_canny)
- Size: 1.4 GB

Download it into a running application and load it from the folder you choose.', '## 介绍

保留参考图的 Canny 边缘，其余内容随提示词改变。

- 版本：1.1
- 底模：Stable Diffusion v1.5
- 许可：OpenRAIL
- 来源：[Hugging Face](https://huggingface.co/lllyasviel/control_v11p_sd15_canny)
- 大小：1.4 GB

下载到运行中的应用后，从您选择的目录加载即可。', '1.1', 'Stable Diffusion v1.5', 'OpenRAIL', 'Hugging Face', 'https://huggingface.co/lllyasviel/control_v11p_sd15_canny', 1445157124),
  ('controlnet-openpose-sd15', (SELECT id FROM model_types WHERE code = 'controlnet'), 'ControlNet 1.1 OpenPose', 'ControlNet 1.1 姿态控制', 'Poses people after an OpenPose skeleton: body, hands and face.', '按 OpenPose 骨架控制人物姿态，包括身体、手部与面部。', '## About

Poses people after an OpenPose skeleton: body, hands and face.

- Version: 1.1
- Base model: Stable Diffusion v1.5
- Licence: OpenRAIL
- Source: [Hugging Face](https://huggingface.co/lllyasviel/control_v11p_sd15_openpose)
- Size: 1.4 GB

Download it into a running application and load it from the folder you choose.', '## 介绍

按 OpenPose 骨架控制人物姿态，包括身体、手部与面部。

- 版本：1.1
- 底模：Stable Diffusion v1.5
- 许可：OpenRAIL
- 来源：[Hugging Face](https://huggingface.co/lllyasviel/control_v11p_sd15_openpose)
- 大小：1.4 GB

下载到运行中的应用后，从您选择的目录加载即可。', '1.1', 'Stable Diffusion v1.5', 'OpenRAIL', 'Hugging Face', 'https://huggingface.co/lllyasviel/control_v11p_sd15_openpose', 1445157124),
  ('qwen2-5-7b-instruct', (SELECT id FROM model_types WHERE code = 'llm'), 'Qwen2.5-7B-Instruct', '通义千问 Qwen2.5-7B-Instruct', 'Alibaba’s 7B chat model: strong Chinese, 128K context, tool calls.', '阿里巴巴的 70 亿参数对话模型：中文能力强，128K 上下文，支持工具调用。', '## About

Alibaba’s 7B chat model: strong Chinese, 128K context, tool calls.

- Version: 2.5
- Base model: —
- Licence: Apache-2.0
- Source: [ModelScope](https://modelscope.cn/models/Qwen/Qwen2.5-7B-Instruct)
- Size: 15.2 GB

Download it into a running application and load it from the folder you choose.', '## 介绍

阿里巴巴的 70 亿参数对话模型：中文能力强，128K 上下文，支持工具调用。

- 版本：2.5
- 底模：—
- 许可：Apache-2.0
- 来源：[ModelScope](https://modelscope.cn/models/Qwen/Qwen2.5-7B-Instruct)
- 大小：15.2 GB

下载到运行中的应用后，从您选择的目录加载即可。', '2.5', NULL, 'Apache-2.0', 'ModelScope', 'https://modelscope.cn/models/Qwen/Qwen2.5-7B-Instruct', 15231271864),
  ('chatglm3-6b', (SELECT id FROM model_types WHERE code = 'llm'), 'ChatGLM3-6B', 'ChatGLM3-6B 对话模型', 'Zhipu AI’s bilingual 6B chat model, runs on a single 16 GB GPU.', '智谱 AI 的中英双语 60 亿参数对话模型，单张 16 GB 显卡即可运行。', '## About

Zhipu AI’s bilingual 6B chat model, runs on a single 16 GB GPU.

- Version: 3
- Base model: —
- Licence: ChatGLM3-6B Model License
- Source: [Hugging Face](https://huggingface.co/THUDM/chatglm3-6b)
- Size: 12.5 GB

Download it into a running application and load it from the folder you choose.', '## 介绍

智谱 AI 的中英双语 60 亿参数对话模型，单张 16 GB 显卡即可运行。

- 版本：3
- 底模：—
- 许可：ChatGLM3-6B Model License
- 来源：[Hugging Face](https://huggingface.co/THUDM/chatglm3-6b)
- 大小：12.5 GB

下载到运行中的应用后，从您选择的目录加载即可。', '3', NULL, 'ChatGLM3-6B Model License', 'Hugging Face', 'https://huggingface.co/THUDM/chatglm3-6b', 12487168064);
