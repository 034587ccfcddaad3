/// <reference types="vite/client" />

declare module "virtual:messages/vi-core" {
  const messages: Record<string, string>;
  export default messages;
}
declare module "virtual:messages/en-core" {
  const messages: Record<string, string>;
  export default messages;
}
declare module "virtual:messages/en/*" {
  const messages: Record<string, string>;
  export default messages;
}
declare module "virtual:messages/group/*" {}
