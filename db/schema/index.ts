export * from './rls';
export * from './auth';
export * from './chat';
export * from './memory';
export * from './account';
export * from './outbox';
export * from './ratelimit';
export * from './bulk';
