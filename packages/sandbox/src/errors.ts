/**
 * An error the sandbox answers with: HTTP status plus one or more `common:messages`
 * entries, rendered in the media type the request asked for (http.ts, errorReply).
 */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extraMessages: { code: string; message: string; id?: string }[] = [],
    readonly headers: Record<string, string> = {},
    /** Optional `id` of the main message (e.g. the invalid field's path). */
    readonly id?: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }

  /** All messages of the body, the main one first. */
  get messages(): { code: string; message: string; id?: string }[] {
    return [
      { code: this.code, message: this.message, ...(this.id !== undefined ? { id: this.id } : {}) },
      ...this.extraMessages,
    ];
  }
}

export const badParameter = (message: string) =>
  new SandboxError(412, 'ERROR_COMMON_URL_PARAMETER_VALIDATION_FAILED', message);
export const notFound = (message: string) =>
  new SandboxError(404, 'ERROR_COMMON_RESOURCE_NOT_FOUND', message);
export const unauthorized = (message = 'Authentication required.') =>
  new SandboxError(401, 'ERROR_COMMON_AUTHENTICATION_REQUIRED', message);
export const forbidden = (message: string) =>
  new SandboxError(403, 'ERROR_COMMON_ACCESS_DENIED', message);
export const resourceValidation = (
  message: string,
  extra: { code: string; message: string; id?: string }[] = [],
) => new SandboxError(412, 'ERROR_RESOURCE_VALIDATION', message, extra);
export const badRequest = (
  message: string,
  extra: { code: string; message: string; id?: string }[] = [],
  id?: string,
) => new SandboxError(400, 'ERROR_COMMON_BAD_REQUEST', message, extra, {}, id);
