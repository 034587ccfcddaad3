/** The survey form's multi-line fields, styled like `Input`. */
export const textarea =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200 aria-[invalid=true]:border-red-500 disabled:bg-slate-50";
