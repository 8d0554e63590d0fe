import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * fastify-type-provider-zod's compiler, except that a request without a body is judged as having none (undefined),
 * not as the null Fastify hands over: a body the contract makes optional is then accepted, and a required one is
 * refused as missing ("is required") rather than as of the wrong type.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return route.httpPart === 'body' ? (data) => validate(data ?? undefined) : validate;
};
