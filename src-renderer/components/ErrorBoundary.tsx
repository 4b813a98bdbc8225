// What fails to draw says so in its own place (design.md); the log never quotes its message (server text).
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  fallback: ReactNode;
  resetOn: unknown;
}

interface State {
  failed: boolean;
  resetOn: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetOn: this.props.resetOn };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetOn === state.resetOn ? null : { failed: false, resetOn: props.resetOn };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function logRenderError(error: unknown, info: { componentStack?: string | undefined }): void {
  const kind = error instanceof Error ? error.constructor.name : typeof error;
  const components = [...(info.componentStack ?? '').matchAll(/^\s*(?:at|in) ([A-Za-z_$][\w$]*)/gm)].map((match) => match[1]);
  console.error(`Render error: ${kind} in ${components.join(' < ') || 'an unnamed component'}`);
}
