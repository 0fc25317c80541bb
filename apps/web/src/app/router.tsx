import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The app's data router: every route of seed §2, lazily loaded, each with its error screen. */
export const createAppRouter = () => createBrowserRouter(routes);
