import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import { ConsoleApp } from './app/app';
import { createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { applyDocumentFont } from './app/theme';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html lacks #root');
}

applyDocumentFont();
const queryClient = createQueryClient();

createRoot(container).render(
  <StrictMode>
    <ConsoleApp router={createAppRouter({ queryClient })} queryClient={queryClient} />
  </StrictMode>,
);
