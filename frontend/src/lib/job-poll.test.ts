import { describe, expect, it } from "vitest";

import { jobPollInterval } from "./job-poll";

const at = (status: string | undefined, error: unknown = null) => ({
  state: { data: status === undefined ? undefined : { status }, error },
});

describe("jobPollInterval", () => {
  it("polls every second while the job is queued or running, or not read yet", () => {
    expect([at(undefined), at("queued"), at("running")].map(jobPollInterval)).toEqual([1000, 1000, 1000]);
  });

  it("stops once the job is done or failed, or a poll failed", () => {
    expect([at("done"), at("failed"), at("running", new Error("404"))].map(jobPollInterval)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
