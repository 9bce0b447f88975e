// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title AGC Token
/// @notice Fee token of the AGCFund app. Supply is issued by the owner only.
contract AGC is ERC20, Ownable {
    constructor() ERC20("AGC Token", "AGC") Ownable(msg.sender) {}

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
