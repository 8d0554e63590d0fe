/**
 * The layer of the dialogs that open on their own after a login (the benefit picture, the newest platform notice).
 * antd gives drawers and dialogs one layer (1000), the later on top; a welcome dialog stays above a drawer that arrives
 * after it, as the create drawer a rent link opens loads with its step components.
 */
export const WELCOME_DIALOG_Z_INDEX = 1001;
