export * from './catalogue';
export * from './content';
export * from './currency';
export * from './prices';
export * from './search';
