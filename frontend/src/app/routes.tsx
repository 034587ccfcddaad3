/**
 * The one route table (spec §2): every route with its layout, roles and width gate. Later
 * features add their routes here. Pages load lazily (route-level code splitting).
 */
import { Navigate, type RouteObject } from "react-router-dom";

import { MIN_TEST_WIDTH } from "@/config/paths";
import { withTexts } from "@/lib/messages-store";

import { byRole } from "./by-role";
import type { RouteHandle } from "./guard";
import { AuthLayout } from "./layouts/auth-layout";
import { LandingLayout } from "./layouts/landing-layout";
import { RootRoute } from "./root-route";
import { RouteError } from "./route-error";

// A page renders once its chunk and its texts are in (messages-store.ts `withTexts`).
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await withTexts(load)()).default,
});
const h = (handle: RouteHandle) => handle;
const notFound = page(() => import("@/features/errors/routes/not-found"));

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
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
          {
            path: "/parental-consent/:token", // issue 24, item 1: the link mailed to a parent
            // Its texts (parentConsent.*) come with its chunk (messages-plugin.ts).
            lazy: page(() => import("@/features/consent/routes/parental-consent")),
            handle: h({ titleId: "page.parentalConsent" }),
          },
          {
            path: "/birth-date-confirm/:token", // issue 37, item 5: a change of date of birth to confirm
            lazy: page(() => import("@/features/consent/routes/birth-date-confirm")),
            handle: h({ titleId: "page.birthDateConfirm" }),
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
        lazy: async () => {
          const layout = await withTexts(() => import("./layouts/default-layout"))();
          return { Component: layout.DefaultLayout };
        },
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
                path: "import-file",
                lazy: page(() => import("@/features/question-bank/routes/import-file")),
                handle: h({ titleId: "qfile.title" }),
              },
              {
                path: "form/:id/:load?",
                lazy: page(() => import("@/features/question-bank/routes/question-form")),
                handle: h({ titleId: "qb.question" }),
              },
              {
                path: "stimulus/:id",
                lazy: page(() => import("@/features/question-bank/routes/stimulus-form")),
                handle: h({ titleId: "qb.stimulus.page" }),
              },
              { path: ":id", lazy: page(() => import("@/features/question-bank/routes/folder")) },
            ],
          },
          {
            path: "/educator",
            lazy: page(() => import("@/features/people/routes/educators")),
            handle: h({ roles: ["EDUCATOR"], titleId: "nav.educators" }),
          },
          {
            path: "/learner",
            lazy: page(() => import("@/features/people/routes/learners")),
            handle: h({ roles: ["EDUCATOR"], titleId: "nav.learners" }),
          },
          {
            // Organization admins change the settings; other educators see them read-only.
            path: "/organization/settings",
            lazy: page(() => import("@/features/people/routes/organization-settings")),
            handle: h({ roles: ["EDUCATOR"], titleId: "people.settings.title" }),
          },
          {
            // Issue 24: retention periods (admins change them, educators read) and the access log
            // (admins; the server refuses others), both linked from the organization settings.
            path: "/organization/retention",
            lazy: page(() => import("@/features/privacy/routes/retention")),
            handle: h({ roles: ["EDUCATOR"], titleId: "privacy.retention.title" }),
          },
          {
            path: "/organization/access-log",
            lazy: page(() => import("@/features/privacy/routes/access-log")),
            handle: h({ roles: ["EDUCATOR"], titleId: "privacy.accessLog.title" }),
          },
          {
            // Issue 37, item 8: personal data requests by the Law's due day (admins; the server
            // refuses others).
            path: "/organization/data-requests",
            lazy: page(() => import("@/features/privacy/routes/data-requests")),
            handle: h({ roles: ["EDUCATOR"], titleId: "privacy.requests.title" }),
          },
          {
            path: "/test-preset",
            handle: h({ roles: ["EDUCATOR"], titleId: "nav.tests" }),
            children: [
              { index: true, lazy: page(() => import("@/features/test-presets/routes/presets")) },
              {
                path: "form/:id?",
                lazy: page(() => import("@/features/test-presets/routes/preset-form")),
                handle: h({ titleId: "tests.formPageTitle" }),
              },
              {
                path: "detail/:id",
                lazy: page(() => import("@/features/test-presets/routes/preset-detail")),
                handle: h({ titleId: "tests.detailPageTitle" }),
              },
              {
                // Test banks (issue 19): reached from the test list's "Test banks" link.
                path: "banks",
                lazy: page(() => import("@/features/test-presets/routes/test-banks")),
                handle: h({ titleId: "tests.banks.title" }),
              },
              {
                path: "banks/:id",
                lazy: page(() => import("@/features/test-presets/routes/test-bank")),
                handle: h({ titleId: "tests.banks.detailPageTitle" }),
              },
              {
                // Who bought or was assigned the test (the assignments feature's page).
                path: "takers-detail/:presetId",
                lazy: page(() => import("@/features/assignments/routes/takers-detail")),
                handle: h({ titleId: "assignments.takersDetail.pageTitle" }),
              },
            ],
          },
          {
            path: "/round",
            lazy: page(() => import("@/features/test-presets/routes/rounds")),
            handle: h({ roles: ["EDUCATOR"], titleId: "nav.rounds" }),
          },
          // Cart, checkout and transactions (issue 6): no role restriction (spec section 6); buying
          // is a learner action, and the pages say so to educators (the API answers 403).
          {
            path: "/marketplace/shopping-cart",
            lazy: page(() => import("@/features/marketplace/routes/shopping-cart")),
            handle: h({ titleId: "shop.cart.title" }),
          },
          {
            path: "/marketplace/checkout/:item_id",
            lazy: page(() => import("@/features/marketplace/routes/checkout")),
            handle: h({ titleId: "shop.checkout.title" }),
          },
          {
            // Named route marketplace.transactions.index (the user menu's "transaction history").
            path: "/marketplace/transactions/index",
            lazy: page(() => import("@/features/marketplace/routes/transactions")),
            handle: h({ titleId: "shop.tx.title" }),
          },
          {
            path: "/marketplace/transactions/:transaction_id",
            lazy: page(() => import("@/features/marketplace/routes/transaction")),
            handle: h({ titleId: "shop.tx.detailTitle" }),
          },
          // The learner's tests (issue 7): the list, one test's details and its result. Full paths,
          // so that an educator-only /assignment branch can sit beside them.
          {
            path: "/assignment/student",
            lazy: page(() => import("@/features/take-test/routes/my-tests")),
            handle: h({ roles: ["LEARNER"], titleId: "nav.myTests" }),
          },
          {
            path: "/assignment/takers-detail/:id",
            lazy: page(() => import("@/features/take-test/routes/takers-detail")),
            handle: h({ roles: ["LEARNER"], titleId: "nav.myTests" }),
          },
          {
            // Learners see their result; educators the organization's results (grading feature).
            path: "/assignment/result/index",
            lazy: byRole({
              LEARNER: () => import("@/features/take-test/routes/result"),
              EDUCATOR: () => import("@/features/grading/routes/results"),
            }),
            handle: h({ roles: ["LEARNER", "EDUCATOR"], titleId: "takeTest.result.title" }),
          },
          // Grading, results, live batch progress and extra time (issue 7, educators; grading feature).
          {
            path: "/assignment/grading/list",
            lazy: page(() => import("@/features/grading/routes/grading-list")),
            handle: h({ roles: ["EDUCATOR"], titleId: "grading.list.title" }),
          },
          {
            path: "/assignment/result/:attemptId",
            lazy: page(() => import("@/features/grading/routes/attempt-detail")),
            handle: h({ roles: ["EDUCATOR"], titleId: "grading.detail.pageTitle" }),
          },
          {
            path: "/assignment/batch-progress/:batchId",
            lazy: page(() => import("@/features/grading/routes/batch-progress")),
            handle: h({ roles: ["EDUCATOR"], titleId: "grading.progress.title" }),
          },
          {
            path: "/assignment/accommodations",
            lazy: page(() => import("@/features/grading/routes/accommodations")),
            handle: h({ roles: ["EDUCATOR"], titleId: "grading.acc.title" }),
          },
          // Gradebooks of a test and of one batch (issue 19, section 1; grading feature).
          {
            path: "/assignment/gradebook/preset/:presetId",
            lazy: page(() => import("@/features/grading/routes/gradebook-preset")),
            handle: h({ roles: ["EDUCATOR"], titleId: "grading.gradebook.title" }),
          },
          {
            path: "/assignment/gradebook/batch/:batchId",
            lazy: page(() => import("@/features/grading/routes/gradebook-batch")),
            handle: h({ roles: ["EDUCATOR"], titleId: "grading.gradebook.title" }),
          },
          // Item analysis of a test and of one batch (issue 19, section 2; decision 0017).
          {
            path: "/assignment/item-analysis/preset/:presetId",
            lazy: page(() => import("@/features/item-analysis/routes/item-analysis-preset")),
            handle: h({ roles: ["EDUCATOR"], titleId: "itemAnalysis.title" }),
          },
          {
            path: "/assignment/item-analysis/batch/:batchId",
            lazy: page(() => import("@/features/item-analysis/routes/item-analysis-batch")),
            handle: h({ roles: ["EDUCATOR"], titleId: "itemAnalysis.title" }),
          },
          // The educator's /assignment pages (issue 5, item 7): tests to assign (the default),
          // overview, takers, batches, one test's batches and waiting list, one batch, and the
          // direct-assignment form.
          {
            path: "/assignment",
            lazy: page(() => import("@/features/assignments/routes/tests")),
            handle: h({ roles: ["EDUCATOR"], titleId: "assignments.title" }),
          },
          {
            path: "/assignment/overview",
            lazy: page(() => import("@/features/assignments/routes/overview")),
            handle: h({ roles: ["EDUCATOR"], titleId: "assignments.overview.title" }),
          },
          {
            path: "/assignment/takers",
            lazy: page(() => import("@/features/assignments/routes/takers")),
            handle: h({ roles: ["EDUCATOR"], titleId: "assignments.takers.title" }),
          },
          {
            path: "/assignment/batch-list",
            lazy: page(() => import("@/features/assignments/routes/batch-list")),
            handle: h({ roles: ["EDUCATOR"], titleId: "assignments.batchList.title" }),
          },
          {
            path: "/assignment/batch/:presetId",
            lazy: page(() => import("@/features/assignments/routes/batch")),
            handle: h({ roles: ["EDUCATOR"], titleId: "assignments.batch.pageTitle" }),
          },
          {
            path: "/assignment/batch-detail/:batchId",
            lazy: page(() => import("@/features/assignments/routes/batch-detail")),
            handle: h({ roles: ["EDUCATOR"], titleId: "assignments.batchDetail.pageTitle" }),
          },
          {
            path: "/assignment/form",
            lazy: page(() => import("@/features/assignments/routes/form")),
            handle: h({ roles: ["EDUCATOR"], titleId: "assignments.form.title" }),
          },
          // The marketplace (spec section 6: no role restriction; educators get their variant).
          {
            path: "/marketplace",
            lazy: page(() => import("@/features/marketplace/routes/marketplace")),
            handle: h({ titleId: "nav.marketplace" }),
          },
          {
            path: "/marketplace/:listing_id",
            lazy: page(() => import("@/features/marketplace/routes/listing")),
            handle: h({ titleId: "marketplace.detailTitle" }),
          },
          // Market analytics and transaction history (issue 10): no role restriction (spec section 6);
          // the API answers learners 403 and the pages say so.
          {
            path: "/alltransaction",
            handle: h({ titleId: "analytics.title" }),
            children: [
              { index: true, element: <Navigate to="/alltransaction/index" replace /> },
              { path: "index", lazy: page(() => import("@/features/analytics/routes/dashboard")) },
              {
                path: "grade/:grade",
                lazy: page(() => import("@/features/analytics/routes/grade")),
              },
              {
                path: "grade/:grade/assessment/:testPresetId",
                lazy: page(() => import("@/features/analytics/routes/assessment")),
              },
              {
                path: "heatmap",
                lazy: page(() => import("@/features/analytics/routes/heatmap")),
                handle: h({ titleId: "analytics.heatmap.title" }),
              },
              {
                path: "old",
                lazy: page(() => import("@/features/analytics/routes/old")),
                handle: h({ titleId: "analytics.old.title" }),
              },
            ],
          },
          {
            // Surveys (issue 8): the educator list, form and results; the learner's list and
            // detail; the overview (learners or educators, at least 1280 px wide).
            path: "/survey",
            children: [
              {
                index: true,
                lazy: page(() => import("@/features/surveys/routes/surveys")),
                handle: h({ roles: ["EDUCATOR"], titleId: "nav.surveys" }),
              },
              {
                path: "form/:id",
                lazy: page(() => import("@/features/surveys/routes/survey-form")),
                handle: h({ roles: ["EDUCATOR"], titleId: "surveys.form.title" }),
              },
              {
                path: "results/:id",
                lazy: page(() => import("@/features/surveys/routes/results")),
                handle: h({ roles: ["EDUCATOR"], titleId: "surveys.results.pageTitle" }),
              },
              {
                path: "student",
                lazy: page(() => import("@/features/surveys/routes/student-list")),
                handle: h({ roles: ["LEARNER"], titleId: "nav.mySurveys" }),
              },
              {
                path: "detail/:id",
                lazy: page(() => import("@/features/surveys/routes/detail")),
                handle: h({ roles: ["LEARNER"], titleId: "surveys.detail.pageTitle" }),
              },
              {
                path: "overview/:id",
                lazy: page(() => import("@/features/surveys/routes/overview")),
                handle: h({
                  roles: ["LEARNER", "EDUCATOR"],
                  minWidth: MIN_TEST_WIDTH,
                  titleId: "surveys.overview.pageTitle",
                }),
              },
            ],
          },
        ],
      },
      {
        lazy: async () => {
          const layout = await withTexts(() => import("./layouts/blank-layout"))();
          return { Component: layout.BlankLayout };
        },
        handle: h({ auth: true }),
        children: [
          {
            // Test taking (learners, at least 1280 px wide; issue 7).
            path: "/take-test",
            handle: h({ roles: ["LEARNER"], minWidth: MIN_TEST_WIDTH }),
            children: [
              {
                path: "preparation/:test_user_assignment_id",
                lazy: page(() => import("@/features/take-test/routes/preparation")),
                handle: h({ titleId: "takeTest.prep.title" }),
              },
              {
                path: ":test_user_assignment_id",
                lazy: page(() => import("@/features/take-test/routes/take-test")),
                handle: h({ titleId: "takeTest.title" }),
              },
              { path: "*", lazy: notFound, handle: h({ titleId: "page.notFound" }) },
            ],
          },
          {
            // Grading one answer (educators, blank layout; grading feature).
            path: "/assignment/grading/edit",
            lazy: page(() => import("@/features/grading/routes/grading-edit")),
            handle: h({ roles: ["EDUCATOR"], titleId: "grading.edit.pageTitle" }),
          },
          {
            // Survey taking (learners, at least 1280 px wide; issue 8).
            path: "/survey/taking/:user_survey_id",
            handle: h({ roles: ["LEARNER"], minWidth: MIN_TEST_WIDTH, titleId: "surveys.taking.pageTitle" }),
            lazy: page(() => import("@/features/surveys/routes/taking")),
          },
        ],
      },
      {
        path: "*",
        element: <LandingLayout />,
        children: [
          {
            path: "*",
            lazy: notFound,
            handle: h({ titleId: "page.notFound" }),
          },
        ],
      },
    ],
  },
];
