/** Route paths (spec §2). Named routes used by code: guide.student and marketplace.transactions.index. */
export const paths = {
  landing: "/",
  login: "/login",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  signup: "/signup",
  signupConfirmation: "/signup-confirmation",
  signupInvited: "/signup-invited",
  verifyEmail: "/verify-email",
  invitation: "/invitation/:token",
  home: "/home",
  guideStudent: "/guide",
  profile: "/profile",
  forbidden: "/forbidden",
  unsupported: "/unsupported",
  marketplace: "/marketplace",
  shoppingCart: "/marketplace/shopping-cart",
  transactionsIndex: "/marketplace/transactions/index",
  /** `item_id`: a cart item id, or `all` for the whole cart. */
  checkout: "/marketplace/checkout/:item_id",
  transaction: "/marketplace/transactions/:transaction_id",
  myTests: "/assignment/student",
  organizationSettings: "/organization/settings",
  /** Issue 24: the organization's retention periods and its access log of private files. */
  retention: "/organization/retention",
  accessLog: "/organization/access-log",
  /** Issue 37, item 8: the personal data requests concerning the organization, by due day. */
  dataRequests: "/organization/data-requests",
} as const;

export const MIN_TEST_WIDTH = 1280;
