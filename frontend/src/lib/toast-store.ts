/** One toast at a time (spec §4): a new toast replaces the older one. */
export type ToastVariant = "default" | "destructive" | "success";

export interface ToastData {
  id: number;
  open: boolean;
  title: string;
  description?: string;
  variant: ToastVariant;
}

type Listener = (toast: ToastData | null) => void;

let current: ToastData | null = null;
let counter = 0;
const listeners = new Set<Listener>();

export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): number {
  counter += 1;
  current = {
    id: counter,
    open: true,
    variant: input.variant ?? "default",
    title: input.title,
    description: input.description,
  };
  listeners.forEach((listener) => listener(current));
  return counter;
}

export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  current = { ...current, open: false };
  listeners.forEach((listener) => listener(current));
  const dismissed = id;
  setTimeout(() => {
    if (current?.id === dismissed) {
      current = null;
      listeners.forEach((listener) => listener(current));
    }
  }, TOAST_REMOVE_DELAY_MS);
}

export function subscribeToast(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}
