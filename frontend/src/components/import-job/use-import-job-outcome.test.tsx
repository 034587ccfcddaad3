import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { V1Schemas } from "@/lib/api/types";
import { mockApi, ok, type Reply } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import type { ImportJob } from "./api/types";
import { ImportJobProgress } from "./import-job-progress";
import { useImportJobOutcome } from "./use-import-job-outcome";

type Report = V1Schemas["LearnerImportOut"];
const JOB: ImportJob<Report> = {
  id: "5e2a",
  kind: "questions",
  status: "queued",
  dry_run: true,
  progress: 0,
  rows_done: 0,
  rows_total: 2000,
  file_name: "lon.xlsx",
  result: null,
  error_code: "",
  error_message: "",
  created_at: "2026-11-24T08:00:00Z",
  finished_at: null,
};
const POLL = "/api/v1/import-jobs/5e2a";
/** The question import's texts: the component takes a dialog's own message ids. */
const TEXTS = {
  note: "qb.importBackground",
  label: "qb.importProgress",
  text: "qb.importProgressText",
} as const;

/** Follows JOB on a click and shows its progress, as the import dialogs do. */
function Harness(callbacks: Parameters<typeof useImportJobOutcome<Report>>[0]) {
  const background = useImportJobOutcome<Report>(callbacks);
  return (
    <>
      <button type="button" onClick={() => background.follow(JOB)}>
        start
      </button>
      <button type="button" onClick={background.stop}>
        stop
      </button>
      {background.job && <ImportJobProgress job={background.job} {...TEXTS} />}
    </>
  );
}

function setup() {
  const callbacks = { onDone: vi.fn(), onFailed: vi.fn(), onError: vi.fn() };
  renderWithProviders(<Harness {...callbacks} />, { language: "en" });
  return callbacks;
}

describe("useImportJobOutcome", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows the job's progress while it runs, then ends it once with its report", async () => {
    let polls = 0;
    const report: Report = { rows: 2000, valid: 2000, errors: [], invited: 2000 };
    const { calls } = mockApi({
      [POLL]: (): Reply => {
        polls += 1;
        return ok(
          polls < 2
            ? { ...JOB, status: "running", progress: 30, rows_done: 600 }
            : { ...JOB, status: "done", progress: 100, rows_done: 2000, result: report },
        );
      },
    });
    // The clock the polls wait on is the test's: past the poll interval without waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { onDone, onFailed, onError } = setup();
    await userEvent.click(await screen.findByRole("button", { name: "start" }));
    const bar = await screen.findByRole("progressbar", { name: "Import progress" });
    await vi.waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "30"));
    expect(screen.getByText("30% · 600/2,000 rows")).toBeInTheDocument();
    expect(screen.getByText(/processed in the background/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000)); // the next poll: done
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(report, true));
    await vi.waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(2500)); // two more intervals: no poll, no second end
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.path === POLL)).toHaveLength(2);
    expect(onFailed).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it("a failed job gives the server's message and the bad rows' report", async () => {
    const bad: Report = {
      rows: 2000,
      valid: 1999,
      errors: [{ row: 7, column: "email", message: "Enter a valid e-mail address." }],
      invited: 0,
    };
    mockApi({
      [POLL]: ok({
        ...JOB,
        status: "failed",
        result: bad,
        error_code: "import_invalid",
        error_message: "Nothing was imported.",
      }),
    });
    const { onDone, onFailed, onError } = setup();
    await userEvent.click(await screen.findByRole("button", { name: "start" }));
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalledWith("Nothing was imported.", bad));
    expect(onFailed).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
    expect(onDone).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it("a job the server failed because its worker died gives that message and stops polling", async () => {
    let polls = 0;
    const lost = "The server processing this file stopped before it finished. Please try again.";
    const { calls } = mockApi({
      [POLL]: (): Reply => {
        polls += 1;
        return ok(
          polls < 2
            ? { ...JOB, status: "running", progress: 30, rows_done: 600 }
            : {
                ...JOB,
                status: "failed",
                progress: 30,
                rows_done: 600,
                error_code: "job_lost",
                error_message: lost,
              },
        );
      },
    });
    const { onDone, onFailed, onError } = setup();
    await userEvent.click(await screen.findByRole("button", { name: "start" }));
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalledWith(lost, null), { timeout: 3000 });
    await vi.waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.path === POLL)).toHaveLength(2);
    expect(onDone).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it("a poll that fails gives the server's message and stops polling", async () => {
    const { calls } = mockApi({
      [POLL]: { status: 404, body: { success: false, code: "not_found", message: "Not found." } },
    });
    const { onDone, onFailed, onError } = setup();
    await userEvent.click(await screen.findByRole("button", { name: "start" }));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith("Not found."));
    await vi.waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
    expect(calls.filter((c) => c.path === POLL)).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();
  });

  it("stop forgets the job without ending it", async () => {
    mockApi({ [POLL]: ok({ ...JOB, status: "running", progress: 10, rows_done: 200 }) });
    const { onDone, onFailed, onError } = setup();
    await userEvent.click(await screen.findByRole("button", { name: "start" }));
    await screen.findByRole("progressbar");
    await userEvent.click(screen.getByRole("button", { name: "stop" }));
    await vi.waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
    expect(onDone).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});
