import { API_GATEWAY } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { API_DOCS_URL } from '@/shared/config/site';
import { apiOpenKeys } from './keys';

interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; description?: string }[];
  responses?: Record<string, { description?: string }>;
}

type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** One call an API key may make, as the OpenAPI document describes it. */
export interface GatewayOperation {
  method: string;
  path: string;
  summary: string;
  description: string;
  responses: { status: string; description: string }[];
}

/** The operations of the server's OpenAPI document (`/api/docs/json`) tagged as the gateway's. */
export function gatewayOperations(document: OpenApiDocument): GatewayOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => operation.tags?.includes(API_GATEWAY.openApiTag))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({
          status,
          description: response.description ?? '',
        })),
      })),
  );
}

async function fetchReference(): Promise<GatewayOperation[]> {
  const response = await fetch(`${API_DOCS_URL}/json`, { headers: { accept: 'application/json' } });
  if (!response.ok) {
    throw new Error(`the OpenAPI document answered ${response.status}`);
  }
  return gatewayOperations((await response.json()) as OpenApiDocument);
}

export function useGatewayReference() {
  return useQuery({ queryKey: apiOpenKeys.reference(), queryFn: fetchReference, staleTime: Infinity });
}
