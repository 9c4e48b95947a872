// "Show the password": the box it names shows what was typed while ticked.
"use strict";
document.addEventListener("change", (event) => {
  const target = event.target.dataset && document.getElementById(event.target.dataset.reveal || "");
  if (target) target.type = event.target.checked ? "text" : "password";
});
