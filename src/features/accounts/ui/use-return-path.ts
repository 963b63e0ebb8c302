import { useLocation } from 'react-router-dom';

/** The path the route guard remembered before sending the visitor to sign in, or '/'. */
export function useReturnPath(): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}
