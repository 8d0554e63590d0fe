import { API_GATEWAY } from '@suanli/contract';
import { Alert, Flex, Skeleton, Tag, Typography } from 'antd';
import { API_DOCS_URL } from '@/shared/config/site';
import { useGatewayReference, type GatewayOperation } from '../api/gateway-reference';
import { useApiOpenTranslation } from '../use-api-open-translation';

/** A call a program makes with its key, for the first operation's method and path. */
export function curlExample(origin: string, operation: Pick<GatewayOperation, 'method' | 'path'>) {
  const url = `${origin}${operation.path.replace('{applicationId}', '<applicationId>').replace('{path}', 'v1/chat/completions')}`;
  const lines = [`curl -X ${operation.method} '${url}'`, `  -H 'Authorization: Bearer ${API_GATEWAY.keyPrefix}…'`];
  if (operation.method !== 'GET') {
    lines.push(
      `  -H 'Content-Type: application/json'`,
      `  -d '{"model":"qwen2:7b","messages":[{"role":"user","content":"Hello"}]}'`,
    );
  }
  return lines.join(' \\\n');
}

function Operation({ operation }: { operation: GatewayOperation }) {
  const { t } = useApiOpenTranslation();
  return (
    <Flex vertical gap={4} data-testid="api-reference-operation">
      <Typography.Text>
        <Tag>{operation.method}</Tag>
        <Typography.Text code>{operation.path}</Typography.Text> {operation.summary}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('reference.responses')}:{' '}
        {operation.responses.map((response) => `${response.status} ${response.description}`).join(' · ')}
      </Typography.Text>
    </Flex>
  );
}

/** The calls an API key may make, from the server's OpenAPI document, with a curl example to copy. */
export function GatewayReference() {
  const { t } = useApiOpenTranslation();
  const reference = useGatewayReference();
  const operations = reference.data ?? [];
  const post = operations.find((operation) => operation.method === 'POST') ?? operations[0];
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Flex vertical gap={12} data-testid="api-reference">
      <Typography.Paragraph style={{ margin: 0 }}>{t('reference.intro')}</Typography.Paragraph>
      {reference.isLoading ? <Skeleton active title={false} /> : null}
      {reference.isError ? <Alert type="error" showIcon message={t('reference.loadFailed')} /> : null}
      {operations.map((operation) => (
        <Operation key={`${operation.method} ${operation.path}`} operation={operation} />
      ))}
      {post ? (
        <>
          <Typography.Text strong>{t('reference.example')}</Typography.Text>
          <Typography.Paragraph copyable={{ text: curlExample(origin, post) }} style={{ margin: 0 }}>
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid="api-reference-curl">
              {curlExample(origin, post)}
            </pre>
          </Typography.Paragraph>
        </>
      ) : null}
      <Typography.Link href={API_DOCS_URL} target="_blank" rel="noopener noreferrer" data-testid="api-reference-link">
        {t('reference.full')}
      </Typography.Link>
    </Flex>
  );
}
