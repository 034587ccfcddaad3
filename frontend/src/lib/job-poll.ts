/** How the SPA polls a background job (imports and exports; issue 35 item 3: one rule for both):
 * every second while it is queued or running; never again once it is done or failed (a job
 * whose server-side worker died is failed by the server with a message, `job_lost`) or once a
 * poll itself failed (the job is gone, or the connection is). For react-query's
 * `refetchInterval`. */
export const JOB_POLL_MS = 1000;

export function jobPollInterval(query: {
  state: { data?: { status: string } | undefined; error: unknown };
}): number | false {
  const status = query.state.data?.status;
  return status === "done" || status === "failed" || query.state.error ? false : JOB_POLL_MS;
}
