// Loading the current page again (after signing in or out, or resending an e-mail): a navigation to the same URL
// runs every loader of the page again.
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

export function useRefresh(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    void navigate(`${location.pathname}${location.search}`, { replace: true });
  }, [navigate, location.pathname, location.search]);
}
