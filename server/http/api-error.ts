/**
 * The one error shape the API answers with: { error: { code, message, parameter?, allowed? } }
 * (ApiErrorBodyCodec in common/contract.ts).
 */
import type { ApiErrorBody } from '../../common/contract';

export type ApiErrorCode =
  | 'invalid_parameter'
  | 'not_found'
  | 'bad_request'
  | 'rate_limited'
  | 'headers_too_large'
  | 'request_timeout'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'overloaded'
  | 'database_unavailable'
  | 'search_rebuilding'
  | 'internal_error';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly parameter?: string,
    readonly allowed?: readonly string[],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.parameter !== undefined ? { parameter: this.parameter } : {}),
        ...(this.allowed !== undefined ? { allowed: [...this.allowed] } : {}),
      },
    };
  }
}

export function errorBody(code: ApiErrorCode, message: string): ApiErrorBody {
  return { error: { code, message } };
}
