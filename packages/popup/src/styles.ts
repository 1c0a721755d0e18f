/** The pop-up's own CSS, scoped by its shadow root; one rule set per layout family. */
export const STYLES = `
:host{all:initial}
.popup{box-sizing:border-box;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c2330;background:#fff center/cover no-repeat;border-radius:10px;box-shadow:0 12px 32px rgba(16,24,40,.22);padding:20px;display:flex;flex-direction:column;gap:12px;max-width:100%}
.popup *{box-sizing:border-box}
.popup[data-device=desktop]{width:560px}
.popup[data-device=mobile]{width:340px}
.popup:not([data-preview]){position:fixed;z-index:2147483000}
.popup:not([data-preview])[data-layout^=LightBox],.popup:not([data-preview])[data-layout=CenterTab]{top:50%;left:50%;transform:translate(-50%,-50%)}
.popup:not([data-preview])[data-layout=Fullscreen]{inset:0;width:auto;border-radius:0}
.popup:not([data-preview])[data-layout=Floating]{left:0;right:0;bottom:0;width:auto;border-radius:0}
.popup:not([data-preview])[data-layout=Slider]{right:16px;bottom:16px}
.popup:not([data-preview])[data-layout=Tab]{right:16px;bottom:0;border-radius:10px 10px 0 0}
.popup:not([data-preview])[data-layout=Sidebar]{top:0;bottom:0;right:0;border-radius:0;overflow:auto}
.popup:not([data-preview])[data-layout^=Skin]{top:50%;left:50%;transform:translate(-50%,-50%)}
.popup:not([data-preview])[data-layout=Fullscreen],.popup:not([data-preview])[data-layout=Sidebar]{max-height:100vh;overflow:auto}
.popup:not([data-preview])[data-layout^=LightBox],.popup:not([data-preview])[data-layout=CenterTab],.popup:not([data-preview])[data-layout^=Skin]{max-height:calc(100vh - 32px);overflow:auto;max-width:calc(100vw - 32px)}
.popup[data-layout^=Inline]{position:static;transform:none;box-shadow:none;border:1px solid #d5dae2}
.popup[data-live][data-layout^=Inline]{position:relative;width:auto;margin:1.5em 0}
.backdrop{position:fixed;inset:0;z-index:2147482999;background:rgba(16,24,40,.55)}
.backdrop[data-layout^=Skin]{background:rgba(16,24,40,.85)}
.close{position:absolute;top:6px;right:6px;width:36px;height:36px;border:0;border-radius:50%;background:rgba(255,255,255,.9);color:#1c2330;font:24px/1 system-ui,sans-serif;cursor:pointer}
.popup[data-live]{padding-top:40px}
.status{margin:0;min-height:1em;color:#4a5364;font-size:.9em}
.status:empty{display:none}
@media (prefers-reduced-motion:no-preference){.popup[data-live]{animation:lead-in .25s ease-out}.backdrop{animation:lead-fade .25s ease-out}}
@keyframes lead-in{from{opacity:0}to{opacity:1}}
@keyframes lead-fade{from{opacity:0}to{opacity:1}}
.popup[data-layout=Fullscreen][data-preview]{width:100%;min-height:320px}
.popup[data-layout=Floating][data-preview]{width:100%;flex-direction:row;flex-wrap:wrap;align-items:flex-end}
.hero{width:100%;border-radius:6px}
.body{display:flex;flex-direction:column;gap:10px}
.title{margin:0;font-size:1.35em}
.subtitle{margin:0;color:#4a5364}
.align-center{text-align:center}.align-right{text-align:right}
.field{display:flex;flex-direction:column;gap:4px;border:0;margin:0;padding:0}
.field label,.field legend{font-weight:600}
input:not([type=checkbox]):not([type=radio]),select{font:inherit;padding:8px 10px;border:1px solid #6b7484;border-radius:6px;width:100%}
.choice{font-weight:400;display:flex;gap:6px;align-items:center}
.otp{display:flex;gap:8px}
.button,.secondary{font:inherit;display:inline-block;text-align:center;padding:10px 16px;border-radius:6px;border:1px solid #1d4fc4;cursor:pointer;text-decoration:none}
.button{background:#1d4fc4;color:#fff}
.secondary{background:#fff;color:#1d4fc4}
.signup{display:flex;gap:8px}
.error{margin:0;color:#a51f16;font-size:.9em}
.image,.video{max-width:100%;border-radius:6px}
:focus-visible{outline:2px solid #1d4fc4;outline-offset:2px}
`;
