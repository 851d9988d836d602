export { AssistedOffice } from "./assisted-office.ts";
export { AssistedSessionObject } from "./assisted-session.ts";
export { GabrielOrchestrator } from "./gabriel.ts";
export { Housekeeper } from "./housekeeper.ts";
export { LoginThrottle } from "./login-throttle.ts";
export { PresentationRequest } from "./presentation-request.ts";

export default {
  fetch() {
    return new Response("Durable Objects worker: reached only through bindings", { status: 404 });
  },
} satisfies ExportedHandler;
