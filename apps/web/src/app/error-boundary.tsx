import { Component, type ErrorInfo, type ReactNode } from 'react';

/** SPEC.md section 2: the unhandled-error fallback. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorFallback error={this.state.error} />;
  }
}

export function ErrorFallback({ error }: { error: unknown }) {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-6 text-center">
      <div className="card w-full max-w-sm p-5">
        <p className="font-extrabold">An unhandled error occurred:</p>
        <pre className="mt-2 whitespace-pre-wrap break-words text-sm text-coral">{text}</pre>
      </div>
      <button type="button" className="btn btn-ghost px-5" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
