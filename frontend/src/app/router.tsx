/**
 * The one route table (spec §2): every route with its layout, roles and width gate. Later
 * features add their routes here. Pages load lazily (route-level code splitting).
 */
import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";

import type { RouteHandle } from "./guard";
import { AuthLayout } from "./layouts/auth-layout";
import { LandingLayout } from "./layouts/landing-layout";
import { RootRoute } from "./root-route";

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});
const h = (handle: RouteHandle) => handle;

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      {
        path: "/",
        element: <AuthLayout image="assessment" />,
        children: [
          {
            index: true,
            lazy: page(() => import("@/features/public/routes/landing")),
            handle: h({ titleId: "page.landing" }),
          },
        ],
      },
      {
        element: <AuthLayout image="login" />,
        children: [
          {
            path: "/login",
            lazy: page(() => import("@/features/auth/routes/login")),
            handle: h({ titleId: "page.login" }),
          },
          {
            path: "/forgot-password",
            lazy: page(() => import("@/features/auth/routes/forgot-password")),
            handle: h({ titleId: "page.forgotPassword" }),
          },
          {
            path: "/reset-password",
            lazy: page(() => import("@/features/auth/routes/reset-password")),
            handle: h({ titleId: "page.resetPassword" }),
          },
          {
            path: "/signup",
            lazy: page(() => import("@/features/auth/routes/signup")),
            handle: h({ titleId: "page.signup" }),
          },
          {
            path: "/signup-confirmation",
            lazy: page(() => import("@/features/auth/routes/signup-confirmation")),
            handle: h({ titleId: "page.signupConfirmation" }),
          },
          {
            path: "/signup-invited",
            lazy: page(() => import("@/features/auth/routes/signup-invited")),
            handle: h({ titleId: "page.signupInvited" }),
          },
          {
            path: "/verify-email",
            lazy: page(() => import("@/features/auth/routes/verify-email")),
            handle: h({ titleId: "page.verifyEmail" }),
          },
          {
            path: "/invitation/:token",
            lazy: page(() => import("@/features/auth/routes/invitation")),
            handle: h({ titleId: "page.invitation" }),
          },
        ],
      },
      {
        element: <LandingLayout />,
        children: [
          {
            path: "/introductions",
            lazy: page(() => import("@/features/public/routes/introductions")),
            handle: h({ titleId: "page.introductions" }),
          },
          {
            path: "/awards",
            lazy: page(() => import("@/features/public/routes/awards")),
            handle: h({ titleId: "page.awards" }),
          },
          {
            path: "/hardware-facility",
            lazy: page(() => import("@/features/public/routes/hardware-facility")),
            handle: h({ titleId: "page.hardware" }),
          },
          {
            path: "/terms-and-conditions",
            lazy: page(() => import("@/features/public/routes/terms")),
            handle: h({ titleId: "page.terms" }),
          },
          {
            path: "/privacy-policy",
            lazy: page(() => import("@/features/public/routes/privacy")),
            handle: h({ titleId: "page.privacy" }),
          },
          { path: "/instructions", element: <Navigate to="/instructions/step-1" replace /> },
          {
            path: "/instructions/:step",
            lazy: page(() => import("@/features/public/routes/instructions")),
            handle: h({ titleId: "page.instructions" }),
          },
          {
            path: "/v1",
            lazy: page(() => import("@/features/public/routes/landing-v1")),
            handle: h({ titleId: "page.landing" }),
          },
          {
            path: "/forbidden",
            lazy: page(() => import("@/features/errors/routes/forbidden")),
            handle: h({ titleId: "page.forbidden" }),
          },
          {
            path: "/unsupported",
            lazy: page(() => import("@/features/errors/routes/unsupported")),
            handle: h({ titleId: "page.unsupported" }),
          },
        ],
      },
      {
        lazy: async () => ({ Component: (await import("./layouts/default-layout")).DefaultLayout }),
        handle: h({ auth: true }),
        children: [
          {
            path: "/home",
            lazy: page(() => import("@/features/home/routes/home")),
            handle: h({ titleId: "page.home" }),
          },
          {
            path: "/guide",
            lazy: page(() => import("@/features/home/routes/guide")),
            handle: h({ titleId: "page.guide" }),
          },
          {
            path: "/profile",
            lazy: page(() => import("@/features/profile/routes/profile")),
            handle: h({ titleId: "page.profile" }),
          },
          {
            path: "/question-bank",
            handle: h({ roles: ["EDUCATOR"], titleId: "nav.questionBank" }),
            children: [
              { index: true, lazy: page(() => import("@/features/question-bank/routes/banks")) },
              {
                path: "matrix",
                lazy: page(() => import("@/features/question-bank/routes/matrix")),
                handle: h({ titleId: "qb.tab.matrix" }),
              },
              {
                path: "vetting",
                lazy: page(() => import("@/features/question-bank/routes/vetting")),
                handle: h({ titleId: "qb.tab.vetting" }),
              },
              {
                path: "form/:id/:load?",
                lazy: page(() => import("@/features/question-bank/routes/question-form")),
                handle: h({ titleId: "qb.question" }),
              },
              { path: ":id", lazy: page(() => import("@/features/question-bank/routes/folder")) },
            ],
          },
        ],
      },
      {
        // Test taking (learners, at least 1280 px wide): its pages arrive with the test-taking
        // feature; the gate applies to the whole branch already.
        path: "/take-test",
        handle: h({ roles: ["LEARNER"], minWidth: 1280, auth: true }),
        children: [{ path: "*", lazy: page(() => import("@/features/errors/routes/not-found")) }],
      },
      {
        path: "*",
        element: <LandingLayout />,
        children: [
          {
            path: "*",
            lazy: page(() => import("@/features/errors/routes/not-found")),
            handle: h({ titleId: "page.notFound" }),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
