/** The one jotai store of the app, shared by React (Provider) and non-React code (http, auth). */
import { createStore } from 'jotai';

export const appStore = createStore();
