// The router's library, for the page's entry to evaluate in a task of its own before the app (main.tsx). One named
// export, not the package's namespace: a namespace import would keep every export of the library in the build.
export { createBrowserRouter } from 'react-router';
