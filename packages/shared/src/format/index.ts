// Display and validation rules of the spec (section 5), shared by the web app and the server.
export * from './address.ts';
export * from './amount.ts';
export * from './input.ts';
export * from './level.ts';
export * from './time.ts';
export * from './token.ts';
