// `react-router-dom` in the browser: only the names the apps use (shared/webpack/README.md, "Shared libraries narrowed
// to what the apps use"). A shared module is kept whole, since any remote may ask for any export; through this file the
// federation shares it, and webpack drops the rest of React Router (the data routers, most of @remix-run/router).
// A name an app starts to use is added here: narrowed.test.ts fails until it is.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from '@varco/webpack-config/whole/react-router-dom';
