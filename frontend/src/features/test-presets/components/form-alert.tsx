/** The server's (or the form's) overall message above a form. */
export function FormAlert({ message, items = [] }: { message: string; items?: string[] }) {
  if (!message && items.length === 0) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {message && <p>{message}</p>}
      {items.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
