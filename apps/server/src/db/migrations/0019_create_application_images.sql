-- The image catalogue of the application center (issue 11 "Catalogue", spec §2 /aigc and /imageDetail, §7 "App images
-- and models"): image types, official and community application images, and who likes which.

CREATE TABLE image_types (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name_zh text NOT NULL,
  name_en text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

-- An image users rent applications from. Official images belong to the platform (no owner); a community image belongs
-- to the user who published it. like_count always equals the image's rows in application_image_likes: a like and its
-- count change commit together (catalogue.queries.ts toggleLike).
CREATE TABLE application_images (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('official', 'community')),
  owner_id bigint REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  summary_zh text NOT NULL,
  summary_en text NOT NULL,
  introduction_zh text NOT NULL DEFAULT '',
  introduction_en text NOT NULL DEFAULT '',
  type_id bigint NOT NULL REFERENCES image_types (id),
  banner boolean NOT NULL DEFAULT false,
  banner_order integer,
  min_gpu_memory_gb integer NOT NULL DEFAULT 0 CHECK (min_gpu_memory_gb >= 0),
  -- What a running application of it exposes: [{ "name", "port", "kind": jupyter | terminal | webui | api }].
  links jsonb NOT NULL DEFAULT '[]',
  like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'official') = (owner_id IS NULL))
);

CREATE INDEX application_images_listing ON application_images (kind, type_id, id DESC);
CREATE INDEX application_images_banners ON application_images (banner_order, id) WHERE banner;

CREATE TABLE application_image_likes (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  image_id bigint NOT NULL REFERENCES application_images (id) ON DELETE CASCADE,
  liked_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, image_id)
);

CREATE INDEX application_image_likes_by_user ON application_image_likes (user_id, liked_at DESC, image_id DESC);

INSERT INTO image_types (name_zh, name_en, sort) VALUES
  ('深度学习框架', 'Deep learning frameworks', 1),
  ('AIGC 绘画', 'AIGC image', 2),
  ('大模型推理', 'LLM inference', 3);

INSERT INTO application_images
  (kind, name, summary_zh, summary_en, introduction_zh, introduction_en, type_id, banner, banner_order,
   min_gpu_memory_gb, links)
VALUES
  ('official', 'PyTorch 2.3 + JupyterLab',
   'PyTorch 2.3、CUDA 12.1 与 JupyterLab，开箱即用的训练环境',
   'PyTorch 2.3 with CUDA 12.1 and JupyterLab, a training environment ready to go',
   E'## 镜像内容\n\n- Ubuntu 22.04，Python 3.10，CUDA 12.1，cuDNN 8.9\n- PyTorch 2.3、torchvision、torchaudio\n- JupyterLab 4 与常用科学计算包（numpy、pandas、matplotlib）\n\n## 使用方法\n\n1. 创建应用后，在“我的应用”中打开 **JupyterLab** 链接。\n2. 代码与数据请放在数据盘 `/root/data`，系统盘在应用销毁后不保留。\n3. 终端中运行 `nvidia-smi` 可查看分配到的 GPU。',
   E'## What is inside\n\n- Ubuntu 22.04, Python 3.10, CUDA 12.1, cuDNN 8.9\n- PyTorch 2.3, torchvision, torchaudio\n- JupyterLab 4 and the usual scientific packages (numpy, pandas, matplotlib)\n\n## How to use it\n\n1. Once the application runs, open its **JupyterLab** link from My applications.\n2. Keep code and data on the data disk at `/root/data`; the system disk is not kept when the application is destroyed.\n3. Run `nvidia-smi` in a terminal to see the GPUs you were given.',
   1, true, 1, 8,
   '[{"name":"JupyterLab","port":8888,"kind":"jupyter"},{"name":"Terminal","port":7681,"kind":"terminal"}]'),
  ('official', 'TensorFlow 2.15 + JupyterLab',
   'TensorFlow 2.15 与 Keras 3，附带 TensorBoard 与 JupyterLab',
   'TensorFlow 2.15 and Keras 3, with TensorBoard and JupyterLab',
   E'## 镜像内容\n\n- Python 3.10，CUDA 12.2，TensorFlow 2.15，Keras 3\n- TensorBoard 已安装，日志目录默认为 `/root/data/logs`\n- JupyterLab 4\n\n## 使用建议\n\n训练前运行 `tf.config.list_physical_devices(''GPU'')` 确认 GPU 可见；大数据集请先上传到云空间再下载到数据盘。',
   E'## What is inside\n\n- Python 3.10, CUDA 12.2, TensorFlow 2.15, Keras 3\n- TensorBoard installed, logging to `/root/data/logs` by default\n- JupyterLab 4\n\n## Tips\n\nRun `tf.config.list_physical_devices(''GPU'')` before training to check that the GPU is visible; upload large data sets to cloud space first, then download them to the data disk.',
   1, false, NULL, 8,
   '[{"name":"JupyterLab","port":8888,"kind":"jupyter"},{"name":"TensorBoard","port":6006,"kind":"webui"}]'),
  ('official', 'Stable Diffusion WebUI',
   'AUTOMATIC1111 Stable Diffusion WebUI，内置 SDXL 基础模型',
   'AUTOMATIC1111 Stable Diffusion WebUI with the SDXL base model built in',
   E'## 镜像内容\n\n- Stable Diffusion WebUI 1.9（AUTOMATIC1111），xformers 加速\n- 预置 SDXL 1.0 基础模型与 VAE\n- 常用插件：ControlNet、中文本地化\n\n## 使用方法\n\n启动后打开 **WebUI** 链接即可出图。自己的模型放到 `/root/data/models/Stable-diffusion`，刷新模型列表即可使用。SDXL 建议使用 16 GB 以上显存。',
   E'## What is inside\n\n- Stable Diffusion WebUI 1.9 (AUTOMATIC1111) with xformers\n- The SDXL 1.0 base model and its VAE, preinstalled\n- Popular extensions: ControlNet and a Chinese localisation\n\n## How to use it\n\nOpen the **WebUI** link once the application runs and start generating. Put your own checkpoints in `/root/data/models/Stable-diffusion` and refresh the model list. SDXL works best with 16 GB of GPU memory or more.',
   2, true, 2, 12,
   '[{"name":"WebUI","port":7860,"kind":"webui"},{"name":"JupyterLab","port":8888,"kind":"jupyter"}]'),
  ('official', 'ComfyUI',
   '节点式 Stable Diffusion 工作流，支持 SDXL 与 Flux',
   'Node-based Stable Diffusion workflows, with SDXL and Flux support',
   E'## 镜像内容\n\n- ComfyUI 最新稳定版与 ComfyUI-Manager\n- 预置 SDXL 基础模型，支持加载 Flux.1 等新模型\n\n## 使用方法\n\n打开 **ComfyUI** 链接，拖入工作流 JSON 或图片即可复现流程。缺少的节点可在 Manager 中一键安装。',
   E'## What is inside\n\n- The latest stable ComfyUI with ComfyUI-Manager\n- The SDXL base model preinstalled; newer models such as Flux.1 load as well\n\n## How to use it\n\nOpen the **ComfyUI** link and drop a workflow JSON or image onto the canvas to reproduce it. Missing nodes install from the Manager in one click.',
   2, true, 3, 12,
   '[{"name":"ComfyUI","port":8188,"kind":"webui"},{"name":"Terminal","port":7681,"kind":"terminal"}]'),
  ('official', 'Ollama',
   '一条命令运行 Llama 3、Qwen2 等开源大模型',
   'Run Llama 3, Qwen2 and other open models with one command',
   E'## 镜像内容\n\n- Ollama 服务，监听 11434 端口\n- Open WebUI 聊天界面\n\n## 使用方法\n\n在终端运行 `ollama pull qwen2:7b` 拉取模型，然后在 **Open WebUI** 中对话，或通过 **API** 链接调用。模型文件保存在数据盘，重启应用后无需重新下载。',
   E'## What is inside\n\n- The Ollama server on port 11434\n- Open WebUI as a chat interface\n\n## How to use it\n\nRun `ollama pull qwen2:7b` in a terminal to fetch a model, then chat in **Open WebUI** or call it through the **API** link. Models are kept on the data disk, so a restarted application does not download them again.',
   3, false, NULL, 12,
   '[{"name":"Open WebUI","port":8080,"kind":"webui"},{"name":"API","port":11434,"kind":"api"},{"name":"Terminal","port":7681,"kind":"terminal"}]'),
  ('official', 'vLLM (OpenAI-compatible API)',
   '高吞吐大模型推理服务，提供 OpenAI 兼容接口',
   'High-throughput LLM serving behind an OpenAI-compatible API',
   E'## 镜像内容\n\n- vLLM 0.5，PagedAttention 与连续批处理\n- OpenAI 兼容的 `/v1/chat/completions` 与 `/v1/completions` 接口\n\n## 使用方法\n\n通过环境变量 `MODEL` 指定 Hugging Face 模型名（默认 Qwen2-7B-Instruct），启动后用任意 OpenAI SDK 将 `base_url` 指向 **API** 链接即可。7B 模型建议 24 GB 以上显存。',
   E'## What is inside\n\n- vLLM 0.5 with PagedAttention and continuous batching\n- OpenAI-compatible `/v1/chat/completions` and `/v1/completions` endpoints\n\n## How to use it\n\nSet the `MODEL` environment variable to a Hugging Face model name (Qwen2-7B-Instruct by default), then point any OpenAI SDK''s `base_url` at the **API** link. A 7B model wants 24 GB of GPU memory or more.',
   3, false, NULL, 24,
   '[{"name":"API","port":8000,"kind":"api"},{"name":"Terminal","port":7681,"kind":"terminal"}]');
