/** wicked-good-xpath (Speech Rule Engine's XPath for Node), used by the tests' set-up. */
declare module "wicked-good-xpath" {
  /** Installs the XPath implementation on `window`'s document (`force`: over one it has). */
  export function install(window?: Window, force?: boolean): void;
}
