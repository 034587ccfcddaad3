/// <reference types="vite/client" />

declare module "virtual:messages/vi-core" {
  const messages: Record<string, string>;
  export default messages;
}
declare module "virtual:messages/vi-app" {
  const messages: Record<string, string>;
  export default messages;
}
declare module "virtual:messages/en-core" {
  const messages: Record<string, string>;
  export default messages;
}
declare module "virtual:messages/en-app" {
  const messages: Record<string, string>;
  export default messages;
}
