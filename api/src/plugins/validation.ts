import type { FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { hasControlCharacter } from '@varco/contracts';

const pointerPart = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * The JSON pointer of the first string (value or key) of `input` that holds a control character, or undefined. Walks
 * with its own stack: a deeply nested body cannot overflow the call stack.
 */
function findControlCharacter(input: unknown): string | undefined {
  const pending: Array<[unknown, string]> = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (hasControlCharacter(value)) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = `${path}/${pointerPart(key)}`;
        if (hasControlCharacter(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

type ValidatorCompiler = typeof validatorCompiler;

/**
 * The zod validator of every route (params, querystring, body, headers), preceded by one rule for every string of the
 * input: no control characters (`hasControlCharacter`, the forms' own rule). The refusal is a validation error of the field, so it answers the usual translated 400.
 */
export const inputValidatorCompiler: ValidatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const path = findControlCharacter(data);
    if (path === undefined) return validate(data);
    const issue: FastifySchemaValidationError = {
      keyword: 'custom',
      instancePath: path,
      schemaPath: '#',
      params: {},
      message: 'account.controlCharacter',
    };
    return { error: [issue] as unknown as Error };
  };
};
