import { describe, expect, it } from "vitest";

import { isExcludedRoute, shouldAskOngoingSurvey } from "./ongoing-prompt";

const learner = { pandai_profile_role: "LEARNER", has_pandai_survey_account: true };

describe("ongoing-survey prompt exclusions (spec §2, §6)", () => {
  it("skips the survey, landing, login, signup and 426 routes", () => {
    for (const path of [
      "/survey",
      "/survey/student",
      "/survey/overview/12",
      "/survey/taking/12",
      "/",
      "/v1",
      "/login",
      "/signup",
      "/signup-confirmation",
      "/signup-invited",
      "/unsupported",
    ]) {
      expect(isExcludedRoute(path), path).toBe(true);
      expect(shouldAskOngoingSurvey(path, learner), path).toBe(false);
    }
  });

  it("asks everywhere else", () => {
    for (const path of [
      "/home",
      "/profile",
      "/marketplace",
      "/assignment/student",
      "/guide",
      "/surveys-info",
    ]) {
      expect(shouldAskOngoingSurvey(path, learner), path).toBe(true);
    }
  });

  it("asks only learners with a survey account", () => {
    expect(shouldAskOngoingSurvey("/home", { ...learner, has_pandai_survey_account: false })).toBe(false);
    expect(shouldAskOngoingSurvey("/home", { ...learner, pandai_profile_role: "EDUCATOR" })).toBe(false);
    expect(shouldAskOngoingSurvey("/home", null)).toBe(false);
  });
});
