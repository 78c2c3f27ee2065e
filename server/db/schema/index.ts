export * from './users';
export * from './sessions';
export * from './media';
export * from './chat';
export * from './lessons';
export * from './recordings';
export * from './secrets';
export * from './mail';
