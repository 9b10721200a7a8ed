/** Where the browser keeps the token of the picture challenge it was last shown (GET /humanCheck/image.svg). */
export const IMAGE_TOKEN_COOKIE = "hc_img";
