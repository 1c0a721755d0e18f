/** The pop-up's own CSS, scoped by its shadow root: the stage, each layout's place, size and motion, then the blocks. */
export const STYLES = `
:host{all:initial}
.stage{position:fixed;inset:0;z-index:2147483000;pointer-events:none;container-type:size;--rail:clamp(160px,(100cqw - 800px)/2,340px)}
.stage>*{pointer-events:auto}
.stage[data-preview]{position:relative;inset:auto;z-index:0;overflow:hidden;background:#fafaf7;font:15px/1.45 system-ui,sans-serif}
.stage[data-bare]{background:none}
.stage[data-layout^=Inline]{container-type:inline-size}
.stage[data-layout^=Inline]:not([data-preview]){position:static;display:block}
.page{max-width:720px;margin:0 auto;padding:40px 24px}
.page>i{display:block;height:72px;margin:0 0 20px;border-radius:4px;background:repeating-linear-gradient(#e3e6e1 0 12px,transparent 12px 24px)}
.popup{position:absolute;box-sizing:border-box;font:15px/1.45 var(--lead-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);color:var(--lead-text,#1c2330);background:var(--lead-bg,#fff) center/cover no-repeat;border-radius:12px;box-shadow:0 12px 32px rgba(16,24,40,.22);padding:24px;display:flex;flex-direction:column;gap:12px;max-width:calc(100% - 32px);max-height:calc(100% - 32px);overflow:auto}
.popup[hidden],.tabs[hidden]{display:none}
.popup *{box-sizing:border-box}
.popup[data-live]{padding-top:44px}
.popup[data-layout^=LightBox]{inset:0;margin:auto;height:fit-content}
.popup[data-layout=LightBoxA]{width:375px;padding:0 0 24px;overflow:hidden auto}
.popup[data-layout=LightBoxA] .media img{border-radius:0;height:250px;object-fit:cover}
.popup[data-layout=LightBoxA] .body{padding:0 24px}
.popup[data-layout=LightBoxA]:not([data-media]){padding-top:44px}
.popup[data-layout=LightBoxB]{width:480px;padding:32px}
.popup[data-layout=LightBoxB][data-live]{padding-top:48px}
.popup[data-layout=Fullscreen]{inset:0;max-width:none;max-height:none;border-radius:0;padding:48px 24px;justify-content:center;align-items:center;background-color:#12324f;box-shadow:none}
.popup[data-layout=Fullscreen] .media{position:absolute;inset:0}
.popup[data-layout=Fullscreen] .media img{height:100%;object-fit:cover;border-radius:0}
.popup[data-layout=Fullscreen] .body{position:relative;width:min(520px,100%);background:var(--lead-bg,#fff);padding:32px;border-radius:12px;box-shadow:0 12px 40px rgba(0,0,0,.3)}
.popup[data-layout=Floating]{left:0;right:0;bottom:0;max-width:none;border-radius:0;padding:14px 64px 14px 24px;flex-direction:row;align-items:center;gap:20px;box-shadow:0 -6px 24px rgba(16,24,40,.18)}
.popup[data-layout=Floating] .media{flex:0 0 120px}
.popup[data-layout=Floating] .media img{max-height:88px;object-fit:cover}
.popup:is([data-layout=Floating],[data-layout=SkinB])[data-device=desktop] .close{top:50%;margin-top:-18px}
.popup:is([data-layout=Floating],[data-layout=SkinB])[data-device=desktop] .body{flex:1;display:grid;grid-auto-flow:column;grid-template-rows:auto auto;grid-auto-columns:minmax(0,1fr);align-items:end;gap:2px 12px;max-width:1120px;margin:0 auto}
.popup:is([data-layout=Floating],[data-layout=SkinB])[data-device=desktop] .body>*{grid-row:1/span 2}
.popup:is([data-layout=Floating],[data-layout=SkinB])[data-device=desktop] .body>.title{grid-row:1;font-size:1.15em;align-self:end}
.popup:is([data-layout=Floating],[data-layout=SkinB])[data-device=desktop] .body>.subtitle{grid-row:2;align-self:start;font-size:.93em}
.popup[data-layout=Floating][data-device=mobile]{flex-direction:column;align-items:stretch;border-radius:14px 14px 0 0;padding:16px;max-height:70%}
.popup[data-layout=Floating][data-device=mobile] .media{display:none}
.popup[data-layout=Floating][data-edge=top]{top:0;bottom:auto;box-shadow:0 6px 24px rgba(16,24,40,.18)}
.popup[data-layout=Floating][data-edge=top][data-device=mobile]{border-radius:0 0 14px 14px}
.popup[data-close=left][data-layout=Floating][data-device=desktop]{padding-left:64px;padding-right:24px}
.popup[data-layout=Slider]{right:24px;bottom:24px;width:360px;max-height:calc(100% - 48px)}
.popup[data-layout=Sidebar]{top:0;bottom:0;right:0;width:400px;max-height:none;border-radius:0;padding:40px 28px;box-shadow:-8px 0 32px rgba(16,24,40,.2)}
.popup[data-layout=Tab],.popup[data-layout=CenterTab]{bottom:0;width:380px;max-height:calc(100% - 24px)}
.popup[data-layout=Tab]{right:0;bottom:24px;border-radius:12px 0 0 12px}
.popup[data-layout=CenterTab]{left:0;right:0;margin:0 auto;border-radius:14px 14px 0 0}
.popup[data-layout$=Tab] .media,.popup[data-layout^=Skin][data-device=desktop] .media{display:none}
.tabs{position:absolute;right:0;bottom:96px}
.tabs[data-layout=CenterTab]{bottom:0;left:0;right:0;margin:0 auto;width:fit-content}
.tab{display:grid;place-items:center;width:75px;height:75px;padding:6px;overflow:hidden;border:0;border-radius:12px 0 0 12px;background:var(--lead-brand,#1d4fc4);color:#fff;font:600 13px/1.25 var(--lead-font,system-ui,sans-serif);text-align:center;cursor:pointer;box-shadow:0 6px 20px rgba(16,24,40,.28)}
.tabs[data-layout=CenterTab] .tab{border-radius:12px 12px 0 0}
.tab-picture{width:75px;height:75px;object-fit:cover}
.tab:has(.tab-picture){padding:0}
.tabs .close{top:-12px;left:-12px;right:auto;width:24px;height:24px;font-size:16px;box-shadow:0 1px 4px rgba(16,24,40,.35)}
.tabs[data-layout=CenterTab] .close{left:auto;right:-12px}
.rail{position:absolute;top:0;bottom:0;width:var(--rail);overflow:hidden;background:linear-gradient(160deg,#1d4fc4,#0b5d4b);display:none}
.rail[data-side=left]{left:0}
.rail[data-side=right]{right:0}
.rail[data-side=top]{left:0;right:0;bottom:auto;width:auto;height:132px}
.frame{width:100%;height:100%;object-fit:cover}
.popup[data-layout^=Skin]{left:0;right:0;top:0;max-width:none;max-height:60%;border-radius:0 0 12px 12px;padding:16px;box-shadow:0 6px 24px rgba(16,24,40,.2)}
.popup[data-layout^=Skin] .media img{height:72px;object-fit:cover}
.stage[data-layout=SkinA] .rail:not([data-side=top]){display:block;width:12px}
.popup[data-layout=SkinA]{top:auto;bottom:0;left:12px;right:12px;border-radius:12px 12px 0 0}
@container (min-width:1120px){
.stage[data-device=desktop] .rail{display:block}
.stage[data-device=desktop] .rail:not([data-side=top]){width:var(--rail)}
.popup[data-layout=SkinA][data-device=desktop]{left:auto;right:16px;top:0;bottom:0;margin:auto 0;height:fit-content;width:calc(var(--rail) - 32px);border-radius:12px;padding:44px 20px 20px}
.popup[data-layout=SkinB][data-device=desktop]{left:var(--rail);right:var(--rail);top:12px;height:108px;flex-direction:row;align-items:center;padding:12px 56px 12px 20px;border-radius:12px}
.popup[data-close=left][data-layout=SkinB][data-device=desktop]{padding-left:56px;padding-right:20px}
}
.popup[data-layout^=Inline]{position:relative;inset:auto;max-width:none;max-height:none;overflow:visible;margin:24px 0;box-shadow:none;border:1px solid #d5dae2;font-size:15px}
.popup[data-layout=InlineB]{text-align:center}
.popup[data-layout=InlineB] .media img{max-height:220px;object-fit:cover}
.popup[data-layout=InlineB] .body{width:100%;max-width:440px;margin:0 auto}
@container (min-width:560px){
.popup[data-layout=InlineA][data-media]{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);align-items:center;column-gap:24px}
.popup[data-layout=InlineA]>.status{grid-column:1/-1}
}
.backdrop{position:absolute;inset:0;background:rgba(16,24,40,var(--lead-backdrop,.55))}
.backdrop[data-layout=Fullscreen]{display:none}
.close{position:absolute;top:8px;right:8px;z-index:2;width:36px;height:36px;border:0;border-radius:50%;background:rgba(255,255,255,.92);color:#1c2330;font:24px/1 system-ui,sans-serif;cursor:pointer}
.popup[data-close=left]>.close{left:8px;right:auto}
.status{margin:0;min-height:1em;color:var(--lead-muted,#4a5364);font-size:.9em}
.status:empty{display:none}
@media (prefers-reduced-motion:no-preference){
.popup[data-live],.backdrop,.rail,.tabs{animation:lead-fade .3s ease-out}
.popup[data-live][data-layout=Floating],.popup[data-live][data-layout=CenterTab]{animation-name:lead-up}
.popup[data-live][data-layout=Floating][data-edge=top]{animation-name:lead-down}
.popup[data-live][data-layout=Slider]{animation-name:lead-rise}
.popup[data-live][data-layout=Sidebar],.popup[data-live][data-layout=Tab]{animation-name:lead-side}
.popup[data-live][data-layout^=LightBox]{animation-name:lead-zoom}
.popup[data-live][data-layout^=Skin]{animation-name:lead-drop}
}
@keyframes lead-fade{from{opacity:0}}
@keyframes lead-up{from{transform:translateY(100%)}}
@keyframes lead-down{from{transform:translateY(-100%)}}
@keyframes lead-rise{from{opacity:0;transform:translateY(48px)}}
@keyframes lead-side{from{transform:translateX(100%)}}
@keyframes lead-zoom{from{opacity:0;transform:scale(.94)}}
@keyframes lead-drop{from{opacity:0;transform:translateY(-24px)}}
.hero{width:100%;border-radius:6px}
.body{display:flex;flex-direction:column;gap:10px}
.title{margin:0;font-size:1.35em}
.subtitle{margin:0;color:var(--lead-muted,#4a5364)}
.align-center{text-align:center}.align-right{text-align:right}
.field{display:flex;flex-direction:column;gap:4px;border:0;margin:0;padding:0}
.field label,.field legend{font-weight:600}
input:not([type=checkbox]):not([type=radio]),select{font:inherit;padding:8px 10px;border:1px solid #6b7484;border-radius:6px;width:100%}
.choice{font-weight:400;display:flex;gap:6px;align-items:center}
.otp{display:flex;gap:8px}
.button,.secondary{font:inherit;display:inline-block;text-align:center;padding:10px 16px;border-radius:var(--lead-radius,6px);border:1px solid var(--lead-brand,#1d4fc4);cursor:pointer;text-decoration:none}
.button{background:var(--lead-brand,#1d4fc4);color:#fff}
.secondary,.popup[data-fill=outline] .button{background:var(--lead-bg,#fff);color:var(--lead-brand,#1d4fc4)}
.popup[data-styled] a:not(.button){color:var(--lead-brand)}
.signup{display:flex;gap:8px}
.error{margin:0;color:#a51f16;font-size:.9em}
.image,.video{max-width:100%;border-radius:6px}
:focus-visible{outline:2px solid var(--lead-brand,#1d4fc4);outline-offset:2px}
`;
